from .node_encoder import *
from .edge_encoder import *
from .graph_encoder import *