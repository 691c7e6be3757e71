from .nuscenes import NuScenesDataset
from .nusc_common import *

__all__ = ["NuScenesDataset"]
