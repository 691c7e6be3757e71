"""Utils to help in HPO search."""

# Copyright (C) 2022 Intel Corporation
# SPDX-License-Identifier: Apache-2.0

from .runners import CometSweep, WandbSweep

__all__ = ["CometSweep", "WandbSweep"]
