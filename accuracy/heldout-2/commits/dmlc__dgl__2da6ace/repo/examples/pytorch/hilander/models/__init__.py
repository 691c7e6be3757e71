from .graphconv import GraphConv
from .lander import LANDER
