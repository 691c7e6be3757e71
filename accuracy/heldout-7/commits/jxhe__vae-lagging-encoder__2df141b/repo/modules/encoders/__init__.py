from .enc_lstm import *
from .enc_mix import *
from .enc_resnet import *
from .enc_resnet_v2 import *