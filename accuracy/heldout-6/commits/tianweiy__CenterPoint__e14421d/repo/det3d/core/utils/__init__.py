from .dist_utils import *
from .misc import *
from .center_utils import * 
from .circle_nms_jit import * 