#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved

from .bptt_lm_data_handler import BPTTLanguageModelDataHandler
from .compositional_data_handler import CompositionalDataHandler
from .contextual_intent_slot_data_handler import ContextualIntentSlotModelDataHandler
from .data_handler import BatchIterator, CommonMetadata, DataHandler
from .disjoint_multitask_data_handler import DisjointMultitaskDataHandler
from .doc_classification_data_handler import DocClassificationDataHandler, RawData
from .joint_data_handler import JointModelDataHandler
from .kd_doc_classification_data_handler import KDDocClassificationDataHandler
from .language_model_data_handler import LanguageModelDataHandler
from .pair_classification_data_handler import PairClassificationDataHandler
from .seq_data_handler import SeqModelDataHandler


__all__ = [
    "BPTTLanguageModelDataHandler",
    "CompositionalDataHandler",
    "ContextualIntentSlotModelDataHandler",
    "BatchIterator",
    "CommonMetadata",
    "DataHandler",
    "JointModelDataHandler",
    "LanguageModelDataHandler",
    "PairClassificationDataHandler",
    "SeqModelDataHandler",
    "DocClassificationDataHandler",
    "RawData",
    "DisjointMultitaskDataHandler",
    "KDDocClassificationDataHandler",
]
