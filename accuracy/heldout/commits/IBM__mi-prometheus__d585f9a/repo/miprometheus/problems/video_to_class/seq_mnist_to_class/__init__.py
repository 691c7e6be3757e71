from .permuted_sequential_row_mnist import PermutedSequentialRowMnist
from .sequential_pixel_mnist import SequentialPixelMNIST

__all__ = ['PermutedSequentialRowMnist',
           'SequentialPixelMNIST']
