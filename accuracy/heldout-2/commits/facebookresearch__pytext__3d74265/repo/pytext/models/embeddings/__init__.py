#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved
from .char_embedding import CharacterEmbedding
from .contextual_token_embedding import ContextualTokenEmbedding
from .dict_embedding import DictEmbedding
from .embedding_base import EmbeddingBase
from .embedding_list import EmbeddingList
from .mlp_embedding import MLPEmbedding
from .word_embedding import WordEmbedding
from .word_seq_embedding import WordSeqEmbedding


__all__ = [
    "EmbeddingBase",
    "EmbeddingList",
    "WordEmbedding",
    "DictEmbedding",
    "CharacterEmbedding",
    "ContextualTokenEmbedding",
    "WordSeqEmbedding",
    "MLPEmbedding",
]
