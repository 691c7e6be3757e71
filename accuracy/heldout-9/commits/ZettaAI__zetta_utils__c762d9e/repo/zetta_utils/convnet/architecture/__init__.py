from . import primitives
from .convblock import ConvBlock
from .unet import UNet
from . import deprecated
