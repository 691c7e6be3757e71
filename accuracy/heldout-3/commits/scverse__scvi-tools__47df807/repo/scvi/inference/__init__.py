from .posterior import Posterior
from .trainer import Trainer
from .inference import UnsupervisedTrainer, AdapterTrainer
from .annotation import (
    JointSemiSupervisedTrainer,
    SemiSupervisedTrainer,
    AlternateSemiSupervisedTrainer,
    ClassifierTrainer,
)
from .jvae_trainer import JVAETrainer

__all__ = [
    "Trainer",
    "Posterior",
    "UnsupervisedTrainer",
    "AdapterTrainer",
    "JointSemiSupervisedTrainer",
    "SemiSupervisedTrainer",
    "AlternateSemiSupervisedTrainer",
    "ClassifierTrainer",
    "JVAETrainer",
]
