#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved

PUBLIC = "public"
GPT2_BPE_DICT = "gpt2_bpe_dict"
GPT2_BPE_VOCAB = "gpt2_bpe_vocab"
GPT2_BPE_ENCODER = "gpt2_bpe_encoder"

# Put public URLs here for OSS
RESOURCE_MAP = {
    PUBLIC: "https//dl.fbaipublicfiles.com/pytext/models/roberta/roberta_public.pt1",
    GPT2_BPE_DICT: "https://dl.fbaipublicfiles.com/pytext/vocabs/gpt2_bpe/dict.txt",
    GPT2_BPE_VOCAB: "https://dl.fbaipublicfiles.com/pytext/vocabs/gpt2_bpe/vocab.bpe",
    GPT2_BPE_ENCODER: "https://dl.fbaipublicfiles.com/pytext/vocabs/gpt2_bpe/encoder.json",
}
