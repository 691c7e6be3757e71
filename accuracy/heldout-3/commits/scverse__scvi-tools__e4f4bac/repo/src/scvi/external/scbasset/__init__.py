from ._model import SCBASSET
from ._module import ScBassetModule

__all__ = ["SCBASSET", "ScBassetModule"]
