from .modules.sigmoid_focal_loss import SigmoidFocalLoss, sigmoid_focal_loss

__all__ = ['SigmoidFocalLoss', 'sigmoid_focal_loss']
