from .base import BaseDetector
from .point_pillars import PointPillars
from .single_stage import SingleStageDetector
from .voxelnet import VoxelNet

__all__ = [
    "BaseDetector",
    "SingleStageDetector",
    "VoxelNet",
    "PointPillars",
]
