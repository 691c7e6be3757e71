#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reservedimport pytext_lib
from pytext.contrib import pytext_lib


__all__ = ["pytext_lib"]
