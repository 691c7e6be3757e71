#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved

from .distance_output_layer import (
    DenseRetrievalOutputLayer,
    PairwiseCosineDistanceOutputLayer,
)
from .doc_classification_output_layer import ClassificationOutputLayer
from .doc_regression_output_layer import RegressionOutputLayer
from .output_layer_base import OutputLayerBase
from .pairwise_ranking_output_layer import PairwiseRankingOutputLayer
from .utils import OutputLayerUtils
from .word_tagging_output_layer import CRFOutputLayer, WordTaggingOutputLayer


__all__ = [
    "OutputLayerBase",
    "CRFOutputLayer",
    "ClassificationOutputLayer",
    "RegressionOutputLayer",
    "WordTaggingOutputLayer",
    "PairwiseRankingOutputLayer",
    "PairwiseCosineDistanceOutputLayer",
    "DenseRetrievalOutputLayer",
    "OutputLayerUtils",
]
