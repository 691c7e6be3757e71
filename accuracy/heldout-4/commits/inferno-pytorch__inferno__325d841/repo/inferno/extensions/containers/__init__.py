from .graph import *
from .sequential import *
