"""Helper utilities for data."""

# Copyright (C) 2022 Intel Corporation
# SPDX-License-Identifier: Apache-2.0

from .augmenter import Augmenter
from .boxes import boxes_to_anomaly_maps, boxes_to_masks, masks_to_boxes
from .download import DownloadInfo, download_and_extract
from .generators import random_2d_perlin
from .image import (
    generate_output_image_filename,
    get_image_filenames,
    get_image_height_and_width,
    read_depth_image,
    read_image,
)
from .label import LabelName
from .path import DirType, _check_and_convert_path, _prepare_files_labels, _resolve_path
from .split import (
    Split,
    TestSplitMode,
    ValSplitMode,
    concatenate_datasets,
    random_split,
    split_by_label,
)
from .transform import InputNormalizationMethod, get_transforms

__all__ = [
    "generate_output_image_filename",
    "get_image_filenames",
    "get_image_height_and_width",
    "random_2d_perlin",
    "read_image",
    "read_depth_image",
    "random_split",
    "split_by_label",
    "concatenate_datasets",
    "Split",
    "ValSplitMode",
    "TestSplitMode",
    "LabelName",
    "DirType",
    "Augmenter",
    "masks_to_boxes",
    "boxes_to_masks",
    "boxes_to_anomaly_maps",
    "get_transforms",
    "InputNormalizationMethod",
    "download_and_extract",
    "DownloadInfo",
    "_check_and_convert_path",
    "_prepare_files_labels",
    "_resolve_path",
]
