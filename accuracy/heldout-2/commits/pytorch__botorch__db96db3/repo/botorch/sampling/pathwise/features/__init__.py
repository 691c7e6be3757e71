#!/usr/bin/env python3
# Copyright (c) Meta Platforms, Inc. and affiliates.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.


from botorch.sampling.pathwise.features.generators import gen_kernel_features
from botorch.sampling.pathwise.features.maps import (
    FeatureMap,
    KernelEvaluationMap,
    KernelFeatureMap,
)

__all__ = [
    "FeatureMap",
    "gen_kernel_features",
    "KernelEvaluationMap",
    "KernelFeatureMap",
]
