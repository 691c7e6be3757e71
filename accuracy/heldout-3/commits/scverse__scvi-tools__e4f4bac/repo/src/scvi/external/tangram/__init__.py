from ._model import Tangram
from ._module import TangramMapper

__all__ = ["Tangram", "TangramMapper"]
