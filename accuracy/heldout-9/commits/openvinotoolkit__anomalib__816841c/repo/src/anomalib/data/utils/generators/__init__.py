"""Utilities to generate synthetic data."""

# Copyright (C) 2022 Intel Corporation
# SPDX-License-Identifier: Apache-2.0

from .perlin import random_2d_perlin

__all__ = ["random_2d_perlin"]
