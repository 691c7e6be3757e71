#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reservedimport pytext_lib

from .transforms import (
    LabelTransform,
    TokenizerTransform,
    Transform,
    TruncateTransform,
    VocabTransform,
    WhitespaceTokenizerTransform,
    build_fairseq_vocab,
    build_vocab,
)


__all__ = [
    "LabelTransform",
    "TokenizerTransform",
    "Transform",
    "TruncateTransform",
    "VocabTransform",
    "WhitespaceTokenizerTransform",
    "build_fairseq_vocab",
    "build_vocab",
]
