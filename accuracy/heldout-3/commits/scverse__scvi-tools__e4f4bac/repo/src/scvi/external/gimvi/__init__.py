from ._model import GIMVI
from ._module import JVAE

__all__ = ["GIMVI", "JVAE"]
