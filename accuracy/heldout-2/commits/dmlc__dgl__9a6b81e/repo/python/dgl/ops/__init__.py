"""dgl operator module."""
from .spmm import *
from .sddmm import *
from .edge_softmax import *
from .segment import *
