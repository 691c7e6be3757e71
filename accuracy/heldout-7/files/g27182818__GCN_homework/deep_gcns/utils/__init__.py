from .ckpt_util import *
# from .data_util import *
from .loss import *
from .metrics import *
from .optim import *
# from .tf_logger import *

