"""Base object class for pytorch-forecasting metrics."""

from skbase.base import BaseObject as _SkbaseBaseObject

__all__ = ["_BaseObject"]


class _BaseObject(_SkbaseBaseObject):
    pass
