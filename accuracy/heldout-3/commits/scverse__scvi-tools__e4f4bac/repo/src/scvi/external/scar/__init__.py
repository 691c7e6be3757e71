from ._model import SCAR
from ._module import SCAR_VAE

__all__ = ["SCAR", "SCAR_VAE"]
