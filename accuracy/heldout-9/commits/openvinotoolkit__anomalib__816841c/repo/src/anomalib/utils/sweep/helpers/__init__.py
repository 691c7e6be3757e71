"""Helpers for benchmarking and hyperparameter optimization."""

# Copyright (C) 2022 Intel Corporation
# SPDX-License-Identifier: Apache-2.0

from .callbacks import get_sweep_callbacks
from .inference import get_openvino_throughput, get_torch_throughput

__all__ = ["get_openvino_throughput", "get_torch_throughput", "get_sweep_callbacks"]
