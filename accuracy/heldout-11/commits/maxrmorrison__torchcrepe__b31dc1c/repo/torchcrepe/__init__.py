from . import decode
from .core import *
from .model import Crepe
from . import convert
from . import filter
from . import load
from . import threshold
