from .trainer import Trainer

