

"""
This is a folder for all python worker metrics.
"""
from . import dimension
from . import metric
from . import metric_encoder
from . import metrics_store
from . import system_metrics
from . import unit
