# Copyright (c) Meta Platforms, Inc. and affiliates.
# All rights reserved.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

# pyre-strict

from .epsilon_greedy_exploration import EGreedyExploration
from .no_exploration import NoExploration
from .normal_distribution_exploration import NormalDistributionExploration
from .propensity_exploration import PropensityExploration
from .score_exploration_base import ScoreExplorationBase
from .uniform_exploration_base import UniformExplorationBase


__all__ = [
    "EGreedyExploration",
    "NoExploration",
    "NormalDistributionExploration",
    "PropensityExploration",
    "ScoreExplorationBase",
    "UniformExplorationBase",
]
