from __future__ import absolute_import

from . import datasets
from . import evaluation_metrics
from . import models
from . import utils
from . import evaluators
from . import trainers

__version__ = '0.1.0'
