from .stacked_attention_model import StackedAttentionNetwork
from .stacked_attention_layer import StackedAttentionLayer, AttentionLayer
from .image_encoding import PretrainedImageEncoding
from .multi_hops_stacked_attention_model import MultiHopsStackedAttentionNetwork

__all__ = ['StackedAttentionNetwork',
           'StackedAttentionLayer',
           'AttentionLayer',
           'PretrainedImageEncoding',
           'MultiHopsStackedAttentionNetwork']
