from ._model import RNAStereoscope, SpatialStereoscope
from ._module import RNADeconv, SpatialDeconv

__all__ = ["RNAStereoscope", "SpatialStereoscope", "RNADeconv", "SpatialDeconv"]
