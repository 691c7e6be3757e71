#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved

from .batch_sampler import (
    AlternatingRandomizedBatchSampler,
    BaseBatchSampler,
    EvalBatchSampler,
    RandomizedBatchSampler,
    RoundRobinBatchSampler,
)
from .data import Batcher, Data, PoolingBatcher, generator_iterator
from .data_handler import BatchIterator, CommonMetadata, DataHandler
from .disjoint_multitask_data import DisjointMultitaskData
from .disjoint_multitask_data_handler import DisjointMultitaskDataHandler
from .dynamic_pooling_batcher import DynamicPoolingBatcher
from .tensorizers import Tensorizer


__all__ = [
    "AlternatingRandomizedBatchSampler",
    "Batcher",
    "BaseBatchSampler",
    "BatchIterator",
    "CommonMetadata",
    "Data",
    "DataHandler",
    "DisjointMultitaskData",
    "DisjointMultitaskDataHandler",
    "DynamicPoolingBatcher",
    "EvalBatchSampler",
    "generator_iterator",
    "PoolingBatcher",
    "RandomizedBatchSampler",
    "RoundRobinBatchSampler",
    "Tensorizer",
]
