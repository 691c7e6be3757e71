#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved

from .constants import (
    BatchContext,
    DatasetFieldName,
    DFColumn,
    PackageFileName,
    Padding,
    Stage,
    VocabMeta,
)
