#!/usr/bin/env python3
# Copyright (c) Meta Platforms, Inc. and affiliates.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

from botorch.exceptions.errors import (
    BotorchError,
    BotorchTensorDimensionError,
    CandidateGenerationError,
    InputDataError,
    ModelFittingError,
    OptimizationTimeoutError,
    UnsupportedError,
)
from botorch.exceptions.warnings import (
    BadInitialCandidatesWarning,
    BotorchTensorDimensionWarning,
    BotorchWarning,
    CostAwareWarning,
    InputDataWarning,
    OptimizationWarning,
    SamplingWarning,
)


__all__ = [
    "BadInitialCandidatesWarning",
    "BotorchError",
    "BotorchTensorDimensionError",
    "BotorchTensorDimensionWarning",
    "BotorchWarning",
    "CostAwareWarning",
    "InputDataWarning",
    "InputDataError",
    "BadInitialCandidatesWarning",
    "CandidateGenerationError",
    "ModelFittingError",
    "OptimizationTimeoutError",
    "OptimizationWarning",
    "SamplingWarning",
    "UnsupportedError",
]
