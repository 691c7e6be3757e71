from .cls_trainer import ClsTrainer
from .loss import get_loss_fn, kd_loss_fn