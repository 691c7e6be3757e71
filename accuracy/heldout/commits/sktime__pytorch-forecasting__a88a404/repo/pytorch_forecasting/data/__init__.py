"""
Datasets, etc. for timeseries data.

Handling timeseries data is not trivial. It requires special treatment.
This sub-package provides the necessary tools to abstracts the necessary work.
"""

from pytorch_forecasting.data.encoders import (
    EncoderNormalizer,
    GroupNormalizer,
    MultiNormalizer,
    NaNLabelEncoder,
    TorchNormalizer,
)
from pytorch_forecasting.data.samplers import TimeSynchronizedBatchSampler
from pytorch_forecasting.data.timeseries import TimeSeries, TimeSeriesDataSet

__all__ = [
    "TimeSeriesDataSet",
    "TimeSeries",
    "NaNLabelEncoder",
    "GroupNormalizer",
    "TorchNormalizer",
    "EncoderNormalizer",
    "TimeSynchronizedBatchSampler",
    "MultiNormalizer",
]
