from .dice_loss import BinaryDiceLoss, DiceLoss
from .focal_loss import FocalLoss
from .focal_dice_loss import FocalDiceLoss

__all__ = ['BinaryDiceLoss', 'DiceLoss', 'FocalLoss', 'FocalDiceLoss']
