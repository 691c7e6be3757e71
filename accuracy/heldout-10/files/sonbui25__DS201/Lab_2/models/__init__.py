from .LeNet import LeNet
from .GoogleNet import GoogleNet
from .ResNet18 import ResNet18
from .ResNet50 import ResNet50