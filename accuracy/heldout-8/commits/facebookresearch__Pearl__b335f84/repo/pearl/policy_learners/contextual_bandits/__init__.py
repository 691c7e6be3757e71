# Copyright (c) Meta Platforms, Inc. and affiliates.
# All rights reserved.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

# pyre-strict

from .contextual_bandit_base import ContextualBanditBase
from .disjoint_bandit import DisjointBanditContainer
from .disjoint_linear_bandit import DisjointLinearBandit
from .linear_bandit import LinearBandit
from .neural_bandit import NeuralBandit
from .neural_linear_bandit import NeuralLinearBandit

__all__ = [
    "ContextualBanditBase",
    "DisjointBanditContainer",
    "DisjointLinearBandit",
    "LinearBandit",
    "NeuralBandit",
    "NeuralLinearBandit",
]
