from .core import *
from . import metrics
from .metrics import Metrics
