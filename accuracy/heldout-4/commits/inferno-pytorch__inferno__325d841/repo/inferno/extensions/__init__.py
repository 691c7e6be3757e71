from . import containers
from . import criteria
from . import initializers
from . import layers
from . import metrics
from . import optimizers

__all__ = ['containers', 'criteria', 'initializers', 'layers', 'metrics', 'optimizers']