"""Real-Time  Unsupervised Anomaly Detection via Conditional Normalizing Flows."""

# Copyright (C) 2022 Intel Corporation
# SPDX-License-Identifier: Apache-2.0

from .lightning_model import Cflow, CflowLightning

__all__ = ["Cflow", "CflowLightning"]
