from .base import Trainer

from .sequential import SequentialTrainer
from .concurrent import ConcurrentTrainer