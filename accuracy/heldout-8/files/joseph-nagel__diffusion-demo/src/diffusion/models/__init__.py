"""
Prediction models.

Modules
-------
unet : U-net architecture.
dense : Fully connected model.

"""

from . import dense, unet
from .dense import CondDenseModel
from .unet import UNet, UNetEncoder, UNetDecoder, UNetBottleneck
