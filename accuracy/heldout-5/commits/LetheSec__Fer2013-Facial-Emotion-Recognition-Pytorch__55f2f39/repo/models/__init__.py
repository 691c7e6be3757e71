from .densenet import *
from .dla import *
from .dpn import *
from .preact_resnet import *
from .resnet import *
from .senet import *
from .vgg import *
