from .utils import *
from ._GLOBAL_CONFIGS import *
