from .builder import (OPTIMIZER_BUILDERS, OPTIMIZERS, build_optimizer,
                      build_optimizer_constructor)
from .default_constructor import DefaultOptimizerConstructor

__all__ = [
    'OPTIMIZER_BUILDERS', 'OPTIMIZERS', 'DefaultOptimizerConstructor',
    'build_optimizer', 'build_optimizer_constructor'
]
