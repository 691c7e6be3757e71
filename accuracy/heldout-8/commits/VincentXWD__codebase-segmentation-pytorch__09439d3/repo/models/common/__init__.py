from .blocks import GroupNorm2d, Conv2dReLU

__all__ = ['GroupNorm2d', 'Conv2dReLU']
