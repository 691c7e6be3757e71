from .convolutional import TDConvNet
from .recurrent import DPRNN
