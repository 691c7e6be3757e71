#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved

from .char_field import CharFeatureField
from .dict_field import DictFeatureField
from .field import (
    ActionField,
    DocLabelField,
    Field,
    FieldMeta,
    FloatField,
    FloatVectorField,
    NestedField,
    RawField,
    SeqFeatureField,
    TextFeatureField,
    VocabUsingField,
    VocabUsingNestedField,
    WordLabelField,
    create_fields,
    create_label_fields,
)
from .pretrained_model_embedding_field import PretrainedModelEmbeddingField
from .text_field_with_special_unk import TextFeatureFieldWithSpecialUnk


__all__ = [
    "create_fields",
    "create_label_fields",
    "ActionField",
    "CharFeatureField",
    "DictFeatureField",
    "DocLabelField",
    "Field",
    "FieldMeta",
    "FloatField",
    "FloatVectorField",
    "RawField",
    "TextFeatureField",
    "VocabUsingField",
    "WordLabelField",
    "PretrainedModelEmbeddingField",
    "NestedField",
    "VocabUsingNestedField",
    "SeqFeatureField",
    "TextFeatureFieldWithSpecialUnk",
]
