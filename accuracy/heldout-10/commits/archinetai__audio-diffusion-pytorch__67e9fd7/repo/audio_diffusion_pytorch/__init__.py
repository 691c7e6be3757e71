from . import diffusion
from .models import UNet1d, UNet1dAlpha, UNet1dBravo
