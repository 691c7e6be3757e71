"""dgl operator module."""
from .edge_softmax import *
from .gather_mm import *
from .sddmm import *
from .segment import *
from .spmm import *
