from .crnn import CRNN

__all__ = ['CRNN', ]