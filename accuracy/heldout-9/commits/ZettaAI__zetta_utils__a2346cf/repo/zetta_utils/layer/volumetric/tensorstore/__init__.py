from .backend import TSBackend
from .build import build_ts_layer
from . import deprecated
