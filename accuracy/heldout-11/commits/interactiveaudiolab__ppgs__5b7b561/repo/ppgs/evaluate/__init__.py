from .core import *
from .metrics import Metrics
from . import visualize
