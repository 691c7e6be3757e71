from .bigvgan import BigVGAN
