from . import losses
from . import optimize
from . import metrics
from . import sync_batchnorm

from .logger import get_logger