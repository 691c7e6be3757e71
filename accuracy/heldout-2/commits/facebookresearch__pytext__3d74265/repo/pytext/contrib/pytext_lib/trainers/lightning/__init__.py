#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reservedimport pytext_lib

from .xlmr_doc_task import XlmrForDocClassificationTask


__all__ = ["XlmrForDocClassificationTask"]
