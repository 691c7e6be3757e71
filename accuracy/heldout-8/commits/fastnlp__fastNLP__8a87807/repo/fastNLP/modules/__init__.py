from . import aggregation
from . import decoder
from . import encoder
from . import interaction

__version__ = '0.0.0'

__all__ = ['encoder',
           'decoder',
           'aggregation',
           'interaction']
