"""Message passing operator sub-package"""

from .edgewise import *
from .nodewise import *
from .fused import *
