# Copyright (c) Meta Platforms, Inc. and affiliates.
# All rights reserved.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

# pyre-strict

from .squarecb_exploration import SquareCBExploration
from .thompson_sampling_exploration import ThompsonSamplingExplorationLinear
from .ucb_exploration import UCBExploration


__all__ = [
    "SquareCBExploration",
    "ThompsonSamplingExplorationLinear",
    "UCBExploration",
]
