# Copyright (c) Meta Platforms, Inc. and affiliates.
# All rights reserved.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

# pyre-strict

from .contextual_bandit_environment import ContextualBanditEnvironment
from .contextual_bandit_linear_synthetic_environment import (
    ContextualBanditLinearSyntheticEnvironment,
)
from .contextual_bandit_uci_environment import SLCBEnvironment
from .environments import (
    FixedNumberOfStepsEnvironment,
    ObservationTransformationEnvironmentAdapterBase,
    OneHotObservationsFromDiscrete,
)
from .gym_environment import GymEnvironment
from .reward_is_equal_to_ten_times_action_contextual_bandit_environment import (
    RewardIsEqualToTenTimesActionContextualBanditEnvironment,
)
from .sparse_reward_environment import (
    ContinuousSparseRewardEnvironment,
    DiscreteSparseRewardEnvironment,
    SparseRewardEnvironment,
)


__all__ = [
    "ObservationTransformationEnvironmentAdapterBase",
    "ContinuousSparseRewardEnvironment",
    "ContextualBanditEnvironment",
    "ContextualBanditLinearSyntheticEnvironment",
    "DiscreteSparseRewardEnvironment",
    "FixedNumberOfStepsEnvironment",
    "GymEnvironment",
    "OneHotObservationsFromDiscrete",
    "RewardIsEqualToTenTimesActionContextualBanditEnvironment",
    "SLCBEnvironment",
    "SparseRewardEnvironment",
]
