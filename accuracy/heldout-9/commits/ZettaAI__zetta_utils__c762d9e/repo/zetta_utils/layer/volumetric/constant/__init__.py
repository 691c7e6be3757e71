from .backend import ConstantVolumetricBackend
from .build import build_constant_volumetric_layer
