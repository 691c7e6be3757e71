from . import torchtext


__all__ = ['torchtext']
