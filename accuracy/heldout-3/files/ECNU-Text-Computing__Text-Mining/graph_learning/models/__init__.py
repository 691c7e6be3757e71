from .gcn import GCN
from .gat import GAT
from .gat import SpGAT
from .graphsage import GraphSage

