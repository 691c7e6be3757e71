"""Sampling methods."""

# Copyright (C) 2022 Intel Corporation
# SPDX-License-Identifier: Apache-2.0

from .k_center_greedy import KCenterGreedy

__all__ = ["KCenterGreedy"]
