from .anchor_generator import (
    AnchorGeneratorRange,
    AnchorGeneratorStride,
    BevAnchorGeneratorRange,
)
from .target_assigner import TargetAssigner
from .target_ops import create_target_np
