# SPDX-FileCopyrightText: 2022-present deepset GmbH <info@deepset.ai>
#
# SPDX-License-Identifier: Apache-2.0

from .pipeline import Pipeline
from .template import PredefinedPipeline

__all__ = ["Pipeline", "PredefinedPipeline"]
