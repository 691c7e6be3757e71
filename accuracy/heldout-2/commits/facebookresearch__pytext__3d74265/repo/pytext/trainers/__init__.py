#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved
from .ensemble_trainer import EnsembleTrainer
from .hogwild_trainer import HogwildTrainer, HogwildTrainer_Deprecated
from .trainer import TaskTrainer, Trainer
from .training_state import TrainingState


__all__ = [
    "Trainer",
    "TrainingState",
    "EnsembleTrainer",
    "HogwildTrainer",
    "HogwildTrainer_Deprecated",
    "TaskTrainer",
]
