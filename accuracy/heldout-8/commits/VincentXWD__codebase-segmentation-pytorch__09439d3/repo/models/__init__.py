from .unet import Unet
from .pspnet import PSPNet

from . import encoders