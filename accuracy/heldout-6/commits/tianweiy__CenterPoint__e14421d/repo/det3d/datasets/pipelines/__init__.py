from .compose import Compose
from .formating import Reformat

# from .loading import LoadAnnotations, LoadImageFromFile, LoadProposals
from .loading import *
from .test_aug import MultiScaleFlipAug
from .transforms import (
    Expand,
    MinIoURandomCrop,
    Normalize,
    Pad,
    PhotoMetricDistortion,
    RandomCrop,
    RandomFlip,
    Resize,
    SegResizeFlipPadRescale,
)
from .preprocess import Preprocess, Voxelization, AssignTarget

__all__ = [
    "Compose",
    "to_tensor",
    "ToTensor",
    "ImageToTensor",
    "ToDataContainer",
    "Transpose",
    "Collect",
    "LoadImageAnnotations",
    "LoadImageFromFile",
    "LoadProposals",
    "MultiScaleFlipAug",
    "Resize",
    "RandomFlip",
    "Pad",
    "RandomCrop",
    "Normalize",
    "SegResizeFlipPadRescale",
    "MinIoURandomCrop",
    "Expand",
    "PhotoMetricDistortion",
    "Preprocess",
    "Voxelization",
    "AssignTarget",
    "AssignLabel"
]
