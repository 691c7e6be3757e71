from __future__ import absolute_import

from . import datasets
from . import evaluation_metrics
from . import loss
from . import models
from . import utils
from . import evaluators
from . import trainers

__version__ = '1.0.1.post2'