"""Base classes for custom dataset and datamodules."""

# Copyright (C) 2022 Intel Corporation
# SPDX-License-Identifier: Apache-2.0


from .datamodule import AnomalibDataModule
from .dataset import AnomalibDataset
from .depth import AnomalibDepthDataset
from .video import AnomalibVideoDataModule, AnomalibVideoDataset

__all__ = [
    "AnomalibDataset",
    "AnomalibDataModule",
    "AnomalibVideoDataset",
    "AnomalibVideoDataModule",
    "AnomalibDepthDataset",
]
