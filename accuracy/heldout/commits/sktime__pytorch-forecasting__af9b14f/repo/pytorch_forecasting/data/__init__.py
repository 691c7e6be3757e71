"""
Utilities for time series dataset construction and preprocessing.

This subpackage provides dataset classes, normalization and encoding
utilities, and batching tools required to transform raw time series data
into model-ready PyTorch datasets.
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
