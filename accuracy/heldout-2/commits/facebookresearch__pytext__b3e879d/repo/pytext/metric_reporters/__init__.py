#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved

from .channel import Channel
from .classification_metric_reporter import ClassificationMetricReporter
from .compositional_metric_reporter import CompositionalMetricReporter
from .intent_slot_detection_metric_reporter import IntentSlotMetricReporter
from .language_model_metric_reporter import LanguageModelMetricReporter
from .metric_reporter import MetricReporter
from .word_tagging_metric_reporter import WordTaggingMetricReporter


__all__ = [
    "Channel",
    "MetricReporter",
    "ClassificationMetricReporter",
    "IntentSlotMetricReporter",
    "LanguageModelMetricReporter",
    "WordTaggingMetricReporter",
    "CompositionalMetricReporter",
]
