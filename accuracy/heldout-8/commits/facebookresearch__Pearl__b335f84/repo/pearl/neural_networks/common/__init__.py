# Copyright (c) Meta Platforms, Inc. and affiliates.
# All rights reserved.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

# pyre-strict

from .epistemic_neural_networks import Ensemble, EpistemicNeuralNetwork, MLPWithPrior
from .residual_wrapper import ResidualWrapper
from .value_networks import ValueNetwork, VanillaCNN, VanillaValueNetwork

__all__ = [
    "Ensemble",
    "EpistemicNeuralNetwork",
    "MLPWithPrior",
    "ResidualWrapper",
    "ValueNetwork",
    "VanillaCNN",
    "VanillaValueNetwork",
]
