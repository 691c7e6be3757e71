# Copyright (c) Meta Platforms, Inc. and affiliates.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

from botorch_community.acquisition.bayesian_active_learning import (
    qBayesianQueryByComittee,
    qBayesianVarianceReduction,
    qStatisticalDistanceActiveLearning,
)

# NOTE: This import is needed to register the input constructors.
from botorch_community.acquisition.input_constructors import (  # noqa F401
    acqf_input_constructor,
)
from botorch_community.acquisition.scorebo import qSelfCorrectingBayesianOptimization

__all__ = [
    "qBayesianQueryByComittee",
    "qBayesianVarianceReduction",
    "qSelfCorrectingBayesianOptimization",
    "qStatisticalDistanceActiveLearning",
]
