from .mlp import *
from .preresnet import *
from .preresnet_dropout import *
from .vgg import *
from .vgg_dropout import *
from .wide_resnet import *
from .wide_resnet_dropout import *
from .mlp import *
from .lenet5 import *

from .tiramisu import *