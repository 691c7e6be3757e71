# Copyright (c) Meta Platforms, Inc. and affiliates.
# All rights reserved.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

# pyre-strict

from .bootstrap_replay_buffer import BootstrapReplayBuffer
from .fifo_off_policy_replay_buffer import FIFOOffPolicyReplayBuffer
from .fifo_on_policy_replay_buffer import FIFOOnPolicyReplayBuffer
from .hindsight_experience_replay_buffer import HindsightExperienceReplayBuffer
from .on_policy_replay_buffer import OnPolicyReplayBuffer

__all__ = [
    "BootstrapReplayBuffer",
    "FIFOOffPolicyReplayBuffer",
    "FIFOOnPolicyReplayBuffer",
    "HindsightExperienceReplayBuffer",
    "OnPolicyReplayBuffer",
]
