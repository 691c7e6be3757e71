from ._model import MRVI
from ._module import MRVAE

__all__ = ["MRVI", "MRVAE"]
