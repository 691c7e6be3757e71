from .core50 import *
from .cub200 import *
from .mini_imagenet import *
from .openloris import *
from .tiny_imagenet import *
from .omniglot import *
from .stream51 import *
from .torchvision_wrapper import *
