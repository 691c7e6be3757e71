# Copyright 2022 MosaicML Composer authors
# SPDX-License-Identifier: Apache-2.0

"""Helper utilities for algorithms."""
from composer.algorithms.utils.augmentation_primitives import augmentation_sets

__all__ = ['augmentation_sets']
