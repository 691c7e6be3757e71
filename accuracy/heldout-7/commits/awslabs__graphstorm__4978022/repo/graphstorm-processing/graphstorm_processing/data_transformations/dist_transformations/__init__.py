"""
Implementations for the various distributed transformations.
"""
from .base_dist_transformation import DistributedTransformation
from .dist_category_transformation import (
    DistCategoryTransformation,
    DistMultiCategoryTransformation,
)
from .dist_noop_transformation import NoopTransformation
from .dist_label_transformation import DistSingleLabelTransformation, DistMultiLabelTransformation
