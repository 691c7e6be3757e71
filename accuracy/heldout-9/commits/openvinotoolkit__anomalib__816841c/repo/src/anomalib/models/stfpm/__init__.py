"""STFPM Model."""

# Copyright (C) 2022 Intel Corporation
# SPDX-License-Identifier: Apache-2.0

from .lightning_model import Stfpm, StfpmLightning

__all__ = ["Stfpm", "StfpmLightning"]
