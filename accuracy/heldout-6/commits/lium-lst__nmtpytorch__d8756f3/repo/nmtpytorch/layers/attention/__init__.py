from .basic import Attention
from .hierarchical import HierarchicalAttention
from .co import CoAttention
from .mhco import MultiHeadCoAttention
