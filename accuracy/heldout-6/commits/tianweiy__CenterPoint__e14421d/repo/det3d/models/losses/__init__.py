from .balanced_l1_loss import BalancedL1Loss
from .cross_entropy_loss import CrossEntropyLoss
from .ghm_loss import GHMCLoss, GHMRLoss

# from .iou_loss import IoULoss
from .mse_loss import MSELoss
from .accuracy import accuracy
from .smooth_l1_loss import SmoothL1Loss
from .losses import (
    WeightedL2LocalizationLoss,
    WeightedSmoothL1Loss,
    WeightedSigmoidClassificationLoss,
    SigmoidFocalLoss,
    SoftmaxFocalClassificationLoss,
    WeightedSoftmaxClassificationLoss,
    BootstrappedSigmoidClassificationLoss,
)

__all__ = [
    "BalancedL1Loss",
    "CrossEntropyLoss",
    "FocalLoss",
    "GHMCLoss",
    "MSELoss",
    "SmoothL1Loss",
    "WeightedL2LocalizationLoss",
    "WeightedSmoothL1Loss",
    "WeightedL1Loss"
    "WeightedSigmoidClassificationLoss",
    "SigmoidFocalLoss",
    "SoftmaxFocalClassificationLoss",
    "WeightedSoftmaxClassificationLoss",
    "BootstrappedSigmoidClassificationLoss",
]
