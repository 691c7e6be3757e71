from ._base_module import (
    BaseMinifiedModeModuleClass,
    BaseModuleClass,
    JaxBaseModuleClass,
    LossOutput,
    PyroBaseModuleClass,
    TrainStateWithState,
)
from ._decorators import auto_move_data, flax_configure
from ._embedding_mixin import EmbeddingModuleMixin

__all__ = [
    "BaseModuleClass",
    "LossOutput",
    "PyroBaseModuleClass",
    "auto_move_data",
    "flax_configure",
    "JaxBaseModuleClass",
    "TrainStateWithState",
    "BaseMinifiedModeModuleClass",
    "EmbeddingModuleMixin",
]
