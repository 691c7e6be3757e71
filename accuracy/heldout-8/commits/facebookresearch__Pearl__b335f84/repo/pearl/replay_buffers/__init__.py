# Copyright (c) Meta Platforms, Inc. and affiliates.
# All rights reserved.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

# pyre-strict

from .replay_buffer import ReplayBuffer
from .tensor_based_replay_buffer import TensorBasedReplayBuffer
from .transition import (
    Transition,
    TransitionBatch,
    TransitionWithBootstrapMask,
    TransitionWithBootstrapMaskBatch,
)

__all__ = [
    "ReplayBuffer",
    "TensorBasedReplayBuffer",
    "Transition",
    "TransitionBatch",
    "TransitionWithBootstrapMask",
    "TransitionWithBootstrapMaskBatch",
]
