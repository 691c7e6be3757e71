from .diffusion import *
from .unet import *