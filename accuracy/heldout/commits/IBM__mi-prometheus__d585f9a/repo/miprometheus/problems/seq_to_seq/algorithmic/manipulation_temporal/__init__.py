from .manipulation_temporal_swap import ManipulationTemporalSwap
from .skip_recall_cl import SkipRecallCommandLines

__all__ = [
    'ManipulationTemporalSwap',
    'SkipRecallCommandLines'
    ]
