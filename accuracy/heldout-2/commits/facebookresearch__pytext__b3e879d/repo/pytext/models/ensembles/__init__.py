#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved
from .bagging_doc_ensemble import BaggingDocEnsemble
from .bagging_intent_slot_ensemble import BaggingIntentSlotEnsemble


__all__ = ["BaggingDocEnsemble", "BaggingIntentSlotEnsemble"]
