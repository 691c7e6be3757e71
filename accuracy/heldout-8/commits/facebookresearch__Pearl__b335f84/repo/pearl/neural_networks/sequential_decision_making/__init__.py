# Copyright (c) Meta Platforms, Inc. and affiliates.
# All rights reserved.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

# pyre-strict

from .actor_networks import (
    ActorNetwork,
    DynamicActionActorNetwork,
    GaussianActorNetwork,
    VanillaActorNetwork,
    VanillaContinuousActorNetwork,
)
from .q_value_networks import DistributionalQValueNetwork, QValueNetwork
from .twin_critic import TwinCritic

__all__ = [
    "ActorNetwork",
    "VanillaActorNetwork",
    "DynamicActionActorNetwork",
    "VanillaContinuousActorNetwork",
    "GaussianActorNetwork",
    "QValueNetwork",
    "DistributionalQValueNetwork",
    "TwinCritic",
]
