from .loss import Loss
from .trainer import Trainer
