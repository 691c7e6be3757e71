from .backend import LayerSetBackend
from .layer import LayerSet, LayerSetDataProcT
from .build import build_layer_set
