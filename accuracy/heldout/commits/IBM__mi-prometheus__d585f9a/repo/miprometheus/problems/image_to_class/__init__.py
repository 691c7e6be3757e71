from .cifar10 import CIFAR10
from .image_to_class_problem import ImageToClassProblem
from .mnist import MNIST

__all__ = ['CIFAR10', 'ImageToClassProblem', 'MNIST']
