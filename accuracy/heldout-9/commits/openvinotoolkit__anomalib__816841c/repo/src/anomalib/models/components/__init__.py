"""Components used within the models."""

# Copyright (C) 2022 Intel Corporation
# SPDX-License-Identifier: Apache-2.0

from .base import AnomalyModule, DynamicBufferModule
from .dimensionality_reduction import PCA, SparseRandomProjection
from .feature_extractors import (
    FeatureExtractor,
    TimmFeatureExtractor,
    TorchFXFeatureExtractor,
)
from .filters import GaussianBlur2d
from .sampling import KCenterGreedy
from .stats import GaussianKDE, MultiVariateGaussian

__all__ = [
    "AnomalyModule",
    "DynamicBufferModule",
    "FeatureExtractor",
    "GaussianKDE",
    "GaussianBlur2d",
    "KCenterGreedy",
    "MultiVariateGaussian",
    "PCA",
    "SparseRandomProjection",
    "TimmFeatureExtractor",
    "TorchFXFeatureExtractor",
]
