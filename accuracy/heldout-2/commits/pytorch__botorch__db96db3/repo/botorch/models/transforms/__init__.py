#!/usr/bin/env python3
# Copyright (c) Meta Platforms, Inc. and affiliates.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

from botorch.models.transforms.factory import get_rounding_input_transform
from botorch.models.transforms.input import (
    ChainedInputTransform,
    Normalize,
    Round,
    Warp,
)
from botorch.models.transforms.outcome import (
    Bilog,
    ChainedOutcomeTransform,
    Log,
    Power,
    Standardize,
)


__all__ = [
    "get_rounding_input_transform",
    "Bilog",
    "ChainedInputTransform",
    "ChainedOutcomeTransform",
    "Log",
    "Normalize",
    "Power",
    "Round",
    "Standardize",
    "Warp",
]
