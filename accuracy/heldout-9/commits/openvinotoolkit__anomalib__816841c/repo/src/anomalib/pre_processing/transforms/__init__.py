"""Anomalib Data Transforms."""

# Copyright (C) 2022 Intel Corporation
# SPDX-License-Identifier: Apache-2.0

from .custom import Denormalize, ToNumpy

__all__ = ["Denormalize", "ToNumpy"]
