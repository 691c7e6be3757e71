# Copyright (c) Meta Platforms, Inc. and affiliates.
# All rights reserved.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

# pyre-strict

from .action_representation_module import ActionRepresentationModule
from .binary_action_representation_module import BinaryActionTensorRepresentationModule
from .identity_action_representation_module import IdentityActionRepresentationModule
from .one_hot_action_representation_module import OneHotActionTensorRepresentationModule

__all__ = [
    "ActionRepresentationModule",
    "BinaryActionTensorRepresentationModule",
    "IdentityActionRepresentationModule",
    "OneHotActionTensorRepresentationModule",
]
