#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved
from .ensemble_trainer import EnsembleTrainer
from .hogwild_trainer import HogwildTrainer
from .trainer import Trainer


__all__ = ["Trainer", "EnsembleTrainer", "HogwildTrainer"]
