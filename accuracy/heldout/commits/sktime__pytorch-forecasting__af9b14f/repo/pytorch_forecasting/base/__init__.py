"""Base classes for pytorch-forecasting."""

from pytorch_forecasting.base._base_object import _BaseObject

__all__ = ["_BaseObject"]
