from .dynamic_op import *
from .dynamic_sparseop import *
from .layers import *
from .modules import *
from .networks import *
