"""
Base Classes
------------------------------------

..  automodule:: torchbearer.metrics.metrics
        :members:
        :undoc-members:

Decorators - The Decorator API
------------------------------------

..  automodule:: torchbearer.metrics.decorators
        :members:
        :undoc-members:

Metric Wrappers
------------------------------------

..  automodule:: torchbearer.metrics.wrappers
        :members:
        :undoc-members:

Metric Aggregators
------------------------------------

..  automodule:: torchbearer.metrics.aggregators
        :members:
        :undoc-members:

Base Metrics
------------------------------------

..  automodule:: torchbearer.metrics.default
        :members:

..  automodule:: torchbearer.metrics.primitives
        :members:

..  automodule:: torchbearer.metrics.roc_auc_score
        :members:


Timer
------------------------------------
..  automodule:: torchbearer.metrics.timer
        :members:
        :undoc-members:
"""

from torchbearer import Metric
from .metrics import *
from .wrappers import *
from .aggregators import *
from .decorators import *
from .roc_auc_score import *
from .primitives import *
from .timer import TimerMetric
from .default import DefaultAccuracy
from .lr import LR
