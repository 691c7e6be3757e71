from . unet import UNet
from .train_model import train,eval