#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved

from .bpe import ScriptBPE
from .tokenizer import ScriptBPETokenizer, ScriptDoNothingTokenizer, ScriptTokenizerBase


__all__ = [
    "ScriptBPE",
    "ScriptBPETokenizer",
    "ScriptDoNothingTokenizer",
    "ScriptTokenizerBase",
]
