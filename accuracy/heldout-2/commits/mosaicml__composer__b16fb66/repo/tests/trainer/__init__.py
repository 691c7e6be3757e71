# Copyright 2022 MosaicML Composer authors
# SPDX-License-Identifier: Apache-2.0
