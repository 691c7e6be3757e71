#!/usr/bin/env python3
# Copyright (c) Meta Platforms, Inc. and affiliates.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

from botorch.acquisition.acquisition import (
    AcquisitionFunction,
    OneShotAcquisitionFunction,
)
from botorch.acquisition.active_learning import (
    PairwiseMCPosteriorVariance,
    qNegIntegratedPosteriorVariance,
)
from botorch.acquisition.analytic import (
    AnalyticAcquisitionFunction,
    ConstrainedExpectedImprovement,
    ExpectedImprovement,
    LogExpectedImprovement,
    LogNoisyExpectedImprovement,
    NoisyExpectedImprovement,
    PosteriorMean,
    PosteriorStandardDeviation,
    ProbabilityOfImprovement,
    qAnalyticProbabilityOfImprovement,
    UpperConfidenceBound,
)
from botorch.acquisition.bayesian_active_learning import (
    qBayesianActiveLearningByDisagreement,
)
from botorch.acquisition.cost_aware import (
    GenericCostAwareUtility,
    InverseCostWeightedUtility,
)
from botorch.acquisition.decoupled import DecoupledAcquisitionFunction
from botorch.acquisition.factory import get_acquisition_function
from botorch.acquisition.fixed_feature import FixedFeatureAcquisitionFunction
from botorch.acquisition.input_constructors import get_acqf_input_constructor
from botorch.acquisition.knowledge_gradient import (
    qKnowledgeGradient,
    qMultiFidelityKnowledgeGradient,
)
from botorch.acquisition.logei import (
    LogImprovementMCAcquisitionFunction,
    qLogExpectedImprovement,
    qLogNoisyExpectedImprovement,
)
from botorch.acquisition.max_value_entropy_search import (
    MaxValueBase,
    qLowerBoundMaxValueEntropy,
    qMaxValueEntropy,
    qMultiFidelityLowerBoundMaxValueEntropy,
    qMultiFidelityMaxValueEntropy,
)
from botorch.acquisition.monte_carlo import (
    MCAcquisitionFunction,
    qExpectedImprovement,
    qNoisyExpectedImprovement,
    qProbabilityOfImprovement,
    qSimpleRegret,
    qUpperConfidenceBound,
    SampleReducingMCAcquisitionFunction,
)
from botorch.acquisition.multi_step_lookahead import qMultiStepLookahead
from botorch.acquisition.objective import (
    ConstrainedMCObjective,
    GenericMCObjective,
    IdentityMCObjective,
    LearnedObjective,
    LinearMCObjective,
    MCAcquisitionObjective,
    ScalarizedPosteriorTransform,
)
from botorch.acquisition.preference import (
    AnalyticExpectedUtilityOfBestOption,
    PairwiseBayesianActiveLearningByDisagreement,
    qExpectedUtilityOfBestOption,
)
from botorch.acquisition.prior_guided import PriorGuidedAcquisitionFunction
from botorch.acquisition.proximal import ProximalAcquisitionFunction

__all__ = [
    "AcquisitionFunction",
    "AnalyticAcquisitionFunction",
    "AnalyticExpectedUtilityOfBestOption",
    "ConstrainedExpectedImprovement",
    "DecoupledAcquisitionFunction",
    "ExpectedImprovement",
    "LogExpectedImprovement",
    "LogNoisyExpectedImprovement",
    "FixedFeatureAcquisitionFunction",
    "GenericCostAwareUtility",
    "InverseCostWeightedUtility",
    "NoisyExpectedImprovement",
    "OneShotAcquisitionFunction",
    "PairwiseBayesianActiveLearningByDisagreement",
    "PairwiseMCPosteriorVariance",
    "PosteriorMean",
    "PosteriorStandardDeviation",
    "PriorGuidedAcquisitionFunction",
    "ProbabilityOfImprovement",
    "ProximalAcquisitionFunction",
    "UpperConfidenceBound",
    "qBayesianActiveLearningByDisagreement",
    "qAnalyticProbabilityOfImprovement",
    "qExpectedImprovement",
    "qExpectedUtilityOfBestOption",
    "LogImprovementMCAcquisitionFunction",
    "qLogExpectedImprovement",
    "qLogNoisyExpectedImprovement",
    "qKnowledgeGradient",
    "MaxValueBase",
    "qMultiFidelityKnowledgeGradient",
    "qMaxValueEntropy",
    "qMultiFidelityLowerBoundMaxValueEntropy",
    "qLowerBoundMaxValueEntropy",
    "qMultiFidelityMaxValueEntropy",
    "qMultiStepLookahead",
    "qNoisyExpectedImprovement",
    "qNegIntegratedPosteriorVariance",
    "qProbabilityOfImprovement",
    "qSimpleRegret",
    "qUpperConfidenceBound",
    "ConstrainedMCObjective",
    "GenericMCObjective",
    "IdentityMCObjective",
    "LearnedObjective",
    "LinearMCObjective",
    "MCAcquisitionFunction",
    "SampleReducingMCAcquisitionFunction",
    "MCAcquisitionObjective",
    "ScalarizedPosteriorTransform",
    "get_acquisition_function",
    "get_acqf_input_constructor",
]
