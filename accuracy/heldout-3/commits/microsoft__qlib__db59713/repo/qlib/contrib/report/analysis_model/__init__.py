# Copyright (c) Microsoft Corporation.
# Licensed under the MIT License.

from .analysis_model_performance import model_performance_graph
