from .blocks import TDConvNet
from .blocks import DPRNN