from . import metrics
from .core import *
from .metrics import Metrics, PitchMetrics
