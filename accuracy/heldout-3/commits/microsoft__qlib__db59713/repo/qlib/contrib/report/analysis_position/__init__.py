# Copyright (c) Microsoft Corporation.
# Licensed under the MIT License.

from .cumulative_return import cumulative_return_graph
from .score_ic import score_ic_graph
from .report import report_graph
from .rank_label import rank_label_graph
from .risk_analysis import risk_analysis_graph
