from .alexnet import AlexNet
from .resnet import ResNet, make_res_layer
from .vgg import VGG, make_vgg_layer
from .weight_init import (
    caffe2_xavier_init,
    constant_init,
    kaiming_init,
    normal_init,
    uniform_init,
    xavier_init,
)

__all__ = [
    "AlexNet",
    "VGG",
    "make_vgg_layer",
    "ResNet",
    "make_res_layer",
    "constant_init",
    "xavier_init",
    "normal_init",
    "uniform_init",
    "kaiming_init",
    "caffe2_xavier_init",
]
