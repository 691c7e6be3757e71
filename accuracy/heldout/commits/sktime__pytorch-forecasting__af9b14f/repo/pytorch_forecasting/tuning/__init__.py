"""Tuning utilities for PyTorch Forecasting."""

from pytorch_forecasting.tuning.tuner import Tuner

__all__ = ["Tuner"]
