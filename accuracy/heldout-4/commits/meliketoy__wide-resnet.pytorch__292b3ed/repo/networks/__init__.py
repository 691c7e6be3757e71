from .lenet import *
from .vggnet import *
from .resnet import *
from .wide_resnet import *
