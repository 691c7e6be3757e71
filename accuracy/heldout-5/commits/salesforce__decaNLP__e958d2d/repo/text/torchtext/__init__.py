from . import data
from . import datasets
from . import utils

__version__ = '0.2.1'

__all__ = ['data',
           'datasets',
           'utils']
