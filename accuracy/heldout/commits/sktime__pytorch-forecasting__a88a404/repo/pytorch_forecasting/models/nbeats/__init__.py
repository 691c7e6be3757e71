"""N-Beats model for timeseries forecasting without covariates."""

from pytorch_forecasting.models.nbeats._nbeats import NBeats
from pytorch_forecasting.models.nbeats._nbeats_pkg import NBeats_pkg
from pytorch_forecasting.models.nbeats.sub_modules import (
    NBEATSGenericBlock,
    NBEATSSeasonalBlock,
    NBEATSTrendBlock,
)

__all__ = [
    "NBeats",
    "NBEATSGenericBlock",
    "NBeats_pkg",
    "NBEATSSeasonalBlock",
    "NBEATSTrendBlock",
]
