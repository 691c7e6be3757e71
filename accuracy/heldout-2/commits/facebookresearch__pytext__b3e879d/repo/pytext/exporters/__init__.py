#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved

from pytext.exporters.exporter import ModelExporter


__all__ = ["ModelExporter"]
