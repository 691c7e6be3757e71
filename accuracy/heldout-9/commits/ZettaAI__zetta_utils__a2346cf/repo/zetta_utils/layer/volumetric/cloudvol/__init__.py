from .backend import CVBackend
from .build import build_cv_layer
from . import deprecated
