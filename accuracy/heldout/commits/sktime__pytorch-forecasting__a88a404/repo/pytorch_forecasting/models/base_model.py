"""Base classes for pytorch-foercasting models."""

from pytorch_forecasting.models.base import (
    AutoRegressiveBaseModel,
    AutoRegressiveBaseModelWithCovariates,
    BaseModel,
    BaseModelWithCovariates,
    Prediction,
)

__all__ = [
    "AutoRegressiveBaseModel",
    "AutoRegressiveBaseModelWithCovariates",
    "BaseModel",
    "BaseModelWithCovariates",
    "Prediction",
]
