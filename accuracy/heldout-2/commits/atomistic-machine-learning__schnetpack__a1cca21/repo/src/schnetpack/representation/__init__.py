from .schnet import *
from .painn import *
from .field_schnet import *
from .so3net import *
