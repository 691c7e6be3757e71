from torchlib.data import *
from torchlib.layers import *
from torchlib.utils import *
