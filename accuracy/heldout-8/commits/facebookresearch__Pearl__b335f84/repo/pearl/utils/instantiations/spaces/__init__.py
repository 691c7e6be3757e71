# Copyright (c) Meta Platforms, Inc. and affiliates.
# All rights reserved.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

# pyre-strict

from .box import BoxSpace
from .box_action import BoxActionSpace
from .discrete import DiscreteSpace
from .discrete_action import DiscreteActionSpace

__all__ = [
    "BoxActionSpace",
    "BoxSpace",
    "DiscreteActionSpace",
    "DiscreteSpace",
]
