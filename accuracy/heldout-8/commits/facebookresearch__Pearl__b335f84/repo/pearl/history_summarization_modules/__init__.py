# Copyright (c) Meta Platforms, Inc. and affiliates.
# All rights reserved.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

# pyre-strict

from .history_summarization_module import HistorySummarizationModule
from .identity_history_summarization_module import IdentityHistorySummarizationModule
from .lstm_history_summarization_module import LSTMHistorySummarizationModule
from .stacking_history_summarization_module import StackingHistorySummarizationModule

__all__ = [
    "HistorySummarizationModule",
    "IdentityHistorySummarizationModule",
    "LSTMHistorySummarizationModule",
    "StackingHistorySummarizationModule",
]
