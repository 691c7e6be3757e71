#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved
from .char_embedding import CharacterEmbedding
from .dict_embedding import DictEmbedding
from .embedding_base import EmbeddingBase
from .embedding_list import EmbeddingList
from .pretrained_model_embedding import PretrainedModelEmbedding
from .word_embedding import WordEmbedding


__all__ = [
    "EmbeddingBase",
    "EmbeddingList",
    "WordEmbedding",
    "DictEmbedding",
    "CharacterEmbedding",
    "PretrainedModelEmbedding",
]
