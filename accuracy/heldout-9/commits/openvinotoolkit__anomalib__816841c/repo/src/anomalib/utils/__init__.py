"""Helpers for downloading files, calculating metrics, computing anomaly maps, and visualization."""

# Copyright (C) 2022 Intel Corporation
# SPDX-License-Identifier: Apache-2.0
