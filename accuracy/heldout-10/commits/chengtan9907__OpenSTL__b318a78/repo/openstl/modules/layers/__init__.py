from .hornet import HorBlock
from .moganet import ChannelAggregationFFN, MultiOrderGatedAggregation, MultiOrderDWConv
from .poolformer import PoolFormerBlock
from .uniformer import CBlock, SABlock
from .van import DWConv, MixMlp, VANBlock

__all__ = [
    'HorBlock', 'ChannelAggregationFFN', 'MultiOrderGatedAggregation', 'MultiOrderDWConv',
    'PoolFormerBlock', 'CBlock', 'SABlock', 'DWConv', 'MixMlp', 'VANBlock',
]