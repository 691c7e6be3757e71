from .densenet import DenseNet3
from .mmcls_featext import ImageClassifierWithReturnFeature
from .resnet18_32x32 import ResNet18_32x32
from .resnet18_224x224 import ResNet18_224x224
from .utils import get_network
from .wrn import WideResNet
