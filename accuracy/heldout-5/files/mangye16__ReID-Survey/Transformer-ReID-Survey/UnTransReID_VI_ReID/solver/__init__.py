from .lr_scheduler import WarmupMultiStepLR
from .make_optimizer import make_optimizer