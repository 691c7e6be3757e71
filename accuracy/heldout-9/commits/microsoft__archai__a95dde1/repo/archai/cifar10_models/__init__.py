from .mobilenetv2 import *
from .resnet import *
from .vgg import *
from .densenet import *
from .resnet_orig import *
from .googlenet import *
from .inception import *