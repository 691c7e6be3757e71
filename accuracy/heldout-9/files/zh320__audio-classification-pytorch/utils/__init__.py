from .utils import *
from .parallel import *
from .transforms import *
from .optimizer import get_optimizer
from .scheduler import get_scheduler
from .metrics import get_cls_metrics
from .model_ema import get_ema_model