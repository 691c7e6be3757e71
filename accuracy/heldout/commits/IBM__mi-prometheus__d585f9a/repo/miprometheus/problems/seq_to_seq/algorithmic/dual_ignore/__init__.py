from .interruption_not import InterruptionNot
from .interruption_reverse_recall import InterruptionReverseRecall
from .interruption_swap_recall import InterruptionSwapRecall

__all__ = [
    'InterruptionNot',
    'InterruptionReverseRecall',
    'InterruptionSwapRecall'
    ]
