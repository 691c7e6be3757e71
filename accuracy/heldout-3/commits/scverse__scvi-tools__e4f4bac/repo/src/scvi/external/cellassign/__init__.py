from ._model import CellAssign
from ._module import CellAssignModule

__all__ = ["CellAssign", "CellAssignModule"]
