from .core import *
from . import align
