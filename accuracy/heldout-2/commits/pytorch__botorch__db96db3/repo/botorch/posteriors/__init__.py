#!/usr/bin/env python3
# Copyright (c) Meta Platforms, Inc. and affiliates.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

from botorch.posteriors.fully_bayesian import (
    FullyBayesianPosterior,
    GaussianMixturePosterior,
)
from botorch.posteriors.gpytorch import GPyTorchPosterior
from botorch.posteriors.higher_order import HigherOrderGPPosterior
from botorch.posteriors.multitask import MultitaskGPPosterior
from botorch.posteriors.posterior import Posterior
from botorch.posteriors.posterior_list import PosteriorList
from botorch.posteriors.torch import TorchPosterior
from botorch.posteriors.transformed import TransformedPosterior

__all__ = [
    "GaussianMixturePosterior",
    "FullyBayesianPosterior",
    "GPyTorchPosterior",
    "HigherOrderGPPosterior",
    "MultitaskGPPosterior",
    "Posterior",
    "PosteriorList",
    "TorchPosterior",
    "TransformedPosterior",
]
