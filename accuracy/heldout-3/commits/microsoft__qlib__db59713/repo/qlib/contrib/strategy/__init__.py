# Copyright (c) Microsoft Corporation.
# Licensed under the MIT License.


from .strategy import (
    TopkDropoutStrategy,
    BaseStrategy,
    WeightStrategyBase,
)
