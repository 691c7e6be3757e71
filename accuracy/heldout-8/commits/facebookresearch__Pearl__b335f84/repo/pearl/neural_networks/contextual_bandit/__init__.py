# Copyright (c) Meta Platforms, Inc. and affiliates.
# All rights reserved.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

# pyre-strict

from .base_cb_model import MuSigmaCBModel
from .linear_regression import LinearRegression
from .neural_linear_regression import NeuralLinearRegression


__all__ = [
    "MuSigmaCBModel",
    "LinearRegression",
    "NeuralLinearRegression",
]
