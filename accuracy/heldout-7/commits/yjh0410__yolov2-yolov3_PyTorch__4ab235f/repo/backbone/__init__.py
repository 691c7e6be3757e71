from .resnet import resnet18, resnet34, resnet50, resnet101, resnet152
from .darknet import darknet19, darknet53, darknet_tiny