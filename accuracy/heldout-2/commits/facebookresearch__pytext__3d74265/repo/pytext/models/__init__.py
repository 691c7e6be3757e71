#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved
from .model import BaseModel, Model


__all__ = ["Model", "BaseModel"]
