from .lander import LANDER
from .graphconv import GraphConv
