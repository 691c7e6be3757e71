from rl_algorithms.common.networks.backbones.cnn import CNN
from rl_algorithms.common.networks.backbones.resnet import ResNet

__all__ = [
    "CNN",
    "ResNet",
]
