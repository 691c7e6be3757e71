"""Data loaders for time series data."""

from pytorch_forecasting.data.timeseries._timeseries import (
    TimeSeriesDataSet,
    _find_end_indices,
    check_for_nonfinite,
)
from pytorch_forecasting.data.timeseries._timeseries_v2 import TimeSeries

__all__ = [
    "_find_end_indices",
    "check_for_nonfinite",
    "TimeSeriesDataSet",
    "TimeSeries",
]
