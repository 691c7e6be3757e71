"""Fully Convolutional Cross-Scale-Flows for Image-based Defect Detection."""

# Copyright (C) 2022 Intel Corporation
# SPDX-License-Identifier: Apache-2.0

from .lightning_model import Csflow, CsflowLightning

__all__ = ["Csflow", "CsflowLightning"]
