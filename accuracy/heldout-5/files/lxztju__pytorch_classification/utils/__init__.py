from .label_smoothing_pytorch import *
from .warmup_lr import *
from .loss_kd import *
from .util import *
from .lr_scheduler import *
from .opts import *
