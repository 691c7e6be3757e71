#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved

from .doc_classification_output_layer import ClassificationOutputLayer
from .output_layer_base import OutputLayerBase
from .utils import OutputLayerUtils
from .word_tagging_output_layer import CRFOutputLayer, WordTaggingOutputLayer


__all__ = [
    "OutputLayerBase",
    "CRFOutputLayer",
    "ClassificationOutputLayer",
    "WordTaggingOutputLayer",
    "OutputLayerUtils",
]
