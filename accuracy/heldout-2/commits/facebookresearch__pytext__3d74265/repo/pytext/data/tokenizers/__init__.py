#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved

from .tokenizer import (
    CppProcessorMixin,
    DoNothingTokenizer,
    GPT2BPETokenizer,
    SentencePieceTokenizer,
    Token,
    Tokenizer,
    WordPieceTokenizer,
)


__all__ = [
    "GPT2BPETokenizer",
    "Token",
    "Tokenizer",
    "DoNothingTokenizer",
    "WordPieceTokenizer",
    "CppProcessorMixin",
    "SentencePieceTokenizer",
]
