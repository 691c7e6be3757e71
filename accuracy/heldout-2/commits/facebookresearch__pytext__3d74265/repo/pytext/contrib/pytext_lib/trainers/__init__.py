#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reservedimport pytext_lib

from .compatible_trainer import CompatibleTrainer
from .simple_trainer import SimpleTrainer


__all__ = ["CompatibleTrainer", "SimpleTrainer"]
