# Copyright (c) Meta Platforms, Inc. and affiliates.
# All rights reserved.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

# pyre-strict

from .action import Action
from .action_result import ActionResult
from .action_space import ActionSpace
from .agent import Agent
from .environment import Environment
from .history import History
from .observation import Observation
from .reward import Reward
from .space import Space
from .state import SubjectiveState


__all__ = [
    "Action",
    "ActionResult",
    "ActionSpace",
    "Agent",
    "Environment",
    "History",
    "Observation",
    "Reward",
    "Space",
    "SubjectiveState",
]
