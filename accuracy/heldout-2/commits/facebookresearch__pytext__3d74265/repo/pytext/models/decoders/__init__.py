#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved

from .decoder_base import DecoderBase
from .intent_slot_model_decoder import IntentSlotModelDecoder
from .mlp_decoder import MLPDecoder


__all__ = ["DecoderBase", "MLPDecoder", "IntentSlotModelDecoder"]
