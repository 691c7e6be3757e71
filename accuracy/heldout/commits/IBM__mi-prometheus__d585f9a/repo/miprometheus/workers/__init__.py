# Base workers.
from .worker import Worker
from .trainer import Trainer
from .offline_trainer import OfflineTrainer
from .online_trainer import OnlineTrainer
from .tester import Tester

__all__ = ['Worker', 'Trainer', 'OfflineTrainer', 'OnlineTrainer', 'Tester']
