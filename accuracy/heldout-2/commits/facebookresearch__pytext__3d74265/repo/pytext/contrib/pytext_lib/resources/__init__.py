#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved

from . import models
from .models import ROBERTA_BASE_TORCH, ROBERTA_PUBLIC, XLMR_BASE, XLMR_DUMMY


__all__ = [
    "MODEL_URLS",
    "ROBERTA_BASE_TORCH",
    "ROBERTA_PUBLIC",
    "XLMR_BASE",
    "XLMR_DUMMY",
    "models",
]
