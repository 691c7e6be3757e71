from . import grid
from .core import *