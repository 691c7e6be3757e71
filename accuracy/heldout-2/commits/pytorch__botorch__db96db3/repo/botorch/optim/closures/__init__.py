#!/usr/bin/env python3
# Copyright (c) Meta Platforms, Inc. and affiliates.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

from botorch.optim.closures.core import (
    ForwardBackwardClosure,
    NdarrayOptimizationClosure,
)
from botorch.optim.closures.model_closures import (
    get_loss_closure,
    get_loss_closure_with_grads,
)


__all__ = [
    "ForwardBackwardClosure",
    "get_loss_closure",
    "get_loss_closure_with_grads",
    "NdarrayOptimizationClosure",
]
