#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved
from .bagging_doc_ensemble import BaggingDocEnsembleModel
from .bagging_intent_slot_ensemble import BaggingIntentSlotEnsembleModel
from .ensemble import EnsembleModel


__all__ = ["BaggingDocEnsembleModel", "BaggingIntentSlotEnsembleModel", "EnsembleModel"]
