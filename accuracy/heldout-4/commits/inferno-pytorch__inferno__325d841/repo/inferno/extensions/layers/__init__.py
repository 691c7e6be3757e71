from .activations import *
from .convolutional import *
from .device import *
from .reshape import *
