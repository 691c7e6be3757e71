#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved

from .channel import Channel
from .classification_metric_reporter import (
    ClassificationMetricReporter,
    MultiLabelClassificationMetricReporter,
)
from .compositional_metric_reporter import CompositionalMetricReporter
from .dense_retrieval_metric_reporter import DenseRetrievalMetricReporter
from .intent_slot_detection_metric_reporter import IntentSlotMetricReporter
from .language_model_metric_reporter import LanguageModelMetricReporter
from .metric_reporter import MetricReporter, PureLossMetricReporter
from .pairwise_ranking_metric_reporter import PairwiseRankingMetricReporter
from .regression_metric_reporter import RegressionMetricReporter
from .squad_metric_reporter import SquadMetricReporter
from .word_tagging_metric_reporter import (
    MultiLabelSequenceTaggingMetricReporter,
    NERMetricReporter,
    SequenceTaggingMetricReporter,
    WordTaggingMetricReporter,
)


__all__ = [
    "Channel",
    "MetricReporter",
    "ClassificationMetricReporter",
    "MultiLabelClassificationMetricReporter",
    "MultiLabelSequenceTaggingMetricReporter",
    "RegressionMetricReporter",
    "IntentSlotMetricReporter",
    "LanguageModelMetricReporter",
    "SquadMetricReporter",
    "WordTaggingMetricReporter",
    "CompositionalMetricReporter",
    "PairwiseRankingMetricReporter",
    "SequenceTaggingMetricReporter",
    "PureLossMetricReporter",
    "NERMetricReporter",
    "DenseRetrievalMetricReporter",
]
