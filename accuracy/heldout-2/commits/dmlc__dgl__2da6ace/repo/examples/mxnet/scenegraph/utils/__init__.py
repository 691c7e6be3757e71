from .build_graph import *
from .metric import *
from .sampling import *
from .viz import *
