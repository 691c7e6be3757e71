from .multi_head import MultiHeadedAttention
from .single import Attention
