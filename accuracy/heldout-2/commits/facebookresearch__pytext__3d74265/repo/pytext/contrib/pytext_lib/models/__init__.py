#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reservedimport pytext_lib

from .doc_model import doc_model_with_spm_embedding, doc_model_with_xlu_embedding
from .roberta import (
    roberta_base_binary_doc_classifier,
    xlmr_base_binary_doc_classifier,
    xlmr_dummy_binary_doc_classifier,
)


__all__ = [
    "doc_model_with_spm_embedding",
    "doc_model_with_xlu_embedding",
    "roberta_base_binary_doc_classifier",
    "xlmr_base_binary_doc_classifier",
    "xlmr_dummy_binary_doc_classifier",
]
