from .regression_losses import ADD_loss, DiagLoss, WingLoss
