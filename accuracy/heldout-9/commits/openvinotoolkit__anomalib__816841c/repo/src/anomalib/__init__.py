"""Anomalib library for research and benchmarking."""

# Copyright (C) 2023 Intel Corporation
# SPDX-License-Identifier: Apache-2.0

__version__ = "1.0.0dev"
