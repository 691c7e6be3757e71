"""All In One Block Layer."""

# Copyright (C) 2022 Intel Corporation
# SPDX-License-Identifier: Apache-2.0

from .all_in_one_block import AllInOneBlock

__all__ = ["AllInOneBlock"]
