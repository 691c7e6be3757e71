# Copyright (c) Meta Platforms, Inc. and affiliates.
# All rights reserved.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.
#

# pyre-strict

from .dynamic_action_env import DynamicActionSpaceWrapper
from .gym_avg_torque_cost import GymAvgTorqueWrapper
from .partial_observability import (
    AcrobotPartialObservableWrapper,
    CartPolePartialObservableWrapper,
    MountainCarPartialObservableWrapper,
    PartialObservableWrapper,
    PendulumPartialObservableWrapper,
    PuckWorldPartialObservableWrapper,
)
from .safety import PuckWorldSafetyWrapper
from .sparse_reward import (
    AcrobotSparseRewardWrapper,
    MountainCarSparseRewardWrapper,
    PendulumSparseRewardWrapper,
    PuckWorldSparseRewardWrapper,
)

__all__ = [
    "AcrobotPartialObservableWrapper",
    "CartPolePartialObservableWrapper",
    "MountainCarPartialObservableWrapper",
    "PendulumPartialObservableWrapper",
    "PuckWorldPartialObservableWrapper",
    "PuckWorldSafetyWrapper",
    "PuckWorldSparseRewardWrapper",
    "AcrobotSparseRewardWrapper",
    "MountainCarSparseRewardWrapper",
    "PendulumSparseRewardWrapper",
    "PartialObservableWrapper",
    "GymAvgTorqueWrapper",
    "DynamicActionSpaceWrapper",
]
