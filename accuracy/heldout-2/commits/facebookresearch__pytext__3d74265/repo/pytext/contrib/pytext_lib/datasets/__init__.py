#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reservedimport pytext_lib

from .base_dataset import BaseDataset, PoolingBatcher
from .tsv_dataset import TsvDataset


__all__ = ["BaseDataset", "PoolingBatcher", "TsvDataset"]
