from .cifar_resnet_1 import resnet18 as resnet18_cifar_variant1
from .cifar_resnet_2 import ResNet18 as resnet18_cifar_variant2






