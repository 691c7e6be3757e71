from .trainer import Trainer, Backup
from .padam import Padam
