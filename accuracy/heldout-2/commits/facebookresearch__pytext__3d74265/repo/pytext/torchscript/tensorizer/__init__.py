#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved

from .bert import ScriptBERTTensorizer
from .normalizer import VectorNormalizer
from .roberta import ScriptRoBERTaTensorizer, ScriptRoBERTaTensorizerWithIndices
from .tensorizer import ScriptTensorizer
from .xlm import ScriptXLMTensorizer, VocabLookup


__all__ = [
    "ScriptBERTTensorizer",
    "ScriptRoBERTaTensorizer",
    "ScriptRoBERTaTensorizerWithIndices",
    "ScriptXLMTensorizer",
    "VectorNormalizer",
    "ScriptTensorizer",
    "VocabLookup",
]
