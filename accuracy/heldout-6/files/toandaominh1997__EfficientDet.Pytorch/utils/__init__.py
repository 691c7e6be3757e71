from .helper import *
from .util import *
from .visualization import *
from .vis_bbox import vis_bbox
from .config_eff import *