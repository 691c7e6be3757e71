from .backend import VolumetricSetBackend
from .layer import VolumetricLayerSet, VolumetricSetDataProcT
from .build import build_volumetric_layer_set
