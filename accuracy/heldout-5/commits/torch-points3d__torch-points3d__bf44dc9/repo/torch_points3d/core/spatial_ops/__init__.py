from .neighbour_finder import *
from .sampling import *
from .interpolate import *
