from .alexnet_wrapper import AlexnetWrapper
from .lenet5 import LeNet5
from .simple_cnn import SimpleConvNet

__all__ = ['AlexnetWrapper', 'LeNet5', 'SimpleConvNet']
