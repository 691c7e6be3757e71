"""Neural network layers."""

# Copyright (C) 2022 Intel Corporation
# SPDX-License-Identifier: Apache-2.0

from .sspcab import SSPCAB

__all__ = ["SSPCAB"]
