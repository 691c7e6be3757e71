from src.trainer.inferencer import Inferencer
from src.trainer.trainer import Trainer
