from ._callbacks import JaxModuleInit, LoudEarlyStopping, SaveBestState, SaveCheckpoint
from ._constants import METRIC_KEYS
from ._trainer import Trainer
from ._trainingplans import (
    AdversarialTrainingPlan,
    ClassifierTrainingPlan,
    JaxTrainingPlan,
    LowLevelPyroTrainingPlan,
    PyroTrainingPlan,
    SemiSupervisedTrainingPlan,
    TrainingPlan,
)
from ._trainrunner import TrainRunner

__all__ = [
    "TrainingPlan",
    "Trainer",
    "PyroTrainingPlan",
    "LowLevelPyroTrainingPlan",
    "SemiSupervisedTrainingPlan",
    "AdversarialTrainingPlan",
    "ClassifierTrainingPlan",
    "TrainRunner",
    "LoudEarlyStopping",
    "SaveBestState",
    "SaveCheckpoint",
    "JaxModuleInit",
    "JaxTrainingPlan",
    "METRIC_KEYS",
]
