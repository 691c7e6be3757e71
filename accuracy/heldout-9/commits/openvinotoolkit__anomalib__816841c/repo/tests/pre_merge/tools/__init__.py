"""Test entry point scripts.


Note: This might be removed when migration to CLI is complete.
"""

# Copyright (C) 2023 Intel Corporation
# SPDX-License-Identifier: Apache-2.0
