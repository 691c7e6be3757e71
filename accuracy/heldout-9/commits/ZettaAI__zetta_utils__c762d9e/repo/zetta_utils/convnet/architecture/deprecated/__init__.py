from . import convblock
from . import unet
