"""DRAEM model."""

# Copyright (C) 2022 Intel Corporation
# SPDX-License-Identifier: Apache-2.0

from .lightning_model import Draem, DraemLightning

__all__ = ["Draem", "DraemLightning"]
