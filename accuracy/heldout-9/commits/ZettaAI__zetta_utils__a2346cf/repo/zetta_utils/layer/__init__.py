from .backend_base import Backend

from .tools_base import (
    JointIndexDataProcessor,
    IndexChunker,
    DataProcessor,
    IndexProcessor,
)

from .layer_base import Layer

from . import protocols

from . import layer_set
from .layer_set import build_layer_set
