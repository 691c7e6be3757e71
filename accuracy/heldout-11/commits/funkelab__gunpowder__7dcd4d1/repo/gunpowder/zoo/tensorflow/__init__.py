from .unet import unet, conv_pass
