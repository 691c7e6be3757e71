from .functional import *
from .loss import BinaryDiceLoss
from .loss import SoftDiceLoss
from .meters import AverageMeter

from .models.two_dimensional.unet import UNet2D
from .models.three_dimensional.unet import UNet3D
