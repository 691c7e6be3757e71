from ._model import VELOVI
from ._module import VELOVAE

__all__ = ["VELOVI", "VELOVAE"]
