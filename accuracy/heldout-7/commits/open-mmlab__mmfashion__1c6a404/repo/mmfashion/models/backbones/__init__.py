from .resnet import ResNet
from .vgg import Vgg

__all__ = ['Vgg', 'ResNet']
