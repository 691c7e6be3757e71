from ._model import Decipher
from ._module import DecipherPyroModule

__all__ = ["Decipher", "DecipherPyroModule"]
