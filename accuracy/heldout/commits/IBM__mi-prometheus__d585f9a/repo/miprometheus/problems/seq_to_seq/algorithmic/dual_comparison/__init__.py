from .sequence_comparison_cl import SequenceComparisonCommandLines
from .sequence_equality_cl import SequenceEqualityCommandLines
from .sequence_symmetry_cl import SequenceSymmetryCommandLines

__all__ = [
    'SequenceComparisonCommandLines',
    'SequenceEqualityCommandLines',
    'SequenceSymmetryCommandLines'
    ]
