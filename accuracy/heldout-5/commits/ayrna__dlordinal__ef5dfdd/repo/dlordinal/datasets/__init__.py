from .featuredataset import FeatureDataset
from .fgnet import FGNet
from .adience import Adience

__all__ = ["FeatureDataset", "FGNet", "Adience"]
