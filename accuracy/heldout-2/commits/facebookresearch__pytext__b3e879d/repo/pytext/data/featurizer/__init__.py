#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved

from .featurizer import Featurizer, InputRecord, OutputRecord
from .simple_featurizer import SimpleFeaturizer


__all__ = ["Featurizer", "InputRecord", "OutputRecord", "SimpleFeaturizer"]
