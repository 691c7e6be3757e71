from .pillar_encoder import PillarFeatureNet, PointPillarsScatter
from .voxel_encoder import SimpleVoxel, VFEV3_ablation, VoxelFeatureExtractorV3

__all__ = [
    "VoxelFeatureExtractorV3",
    "SimpleVoxel",
    "PillarFeatureNet",
    "PointPillarsScatter",
    "VFEV3_ablation",
]
