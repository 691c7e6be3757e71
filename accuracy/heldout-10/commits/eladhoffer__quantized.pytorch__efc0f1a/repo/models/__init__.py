
from .alexnet import *
from .resnet import *
from .resnext import *
from .inception_resnet_v2 import *
from .inception_v2 import *
