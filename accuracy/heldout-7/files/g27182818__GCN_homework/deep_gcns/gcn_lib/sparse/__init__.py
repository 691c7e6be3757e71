from .torch_nn import *
from .torch_edge import *
from .torch_vertex import *

