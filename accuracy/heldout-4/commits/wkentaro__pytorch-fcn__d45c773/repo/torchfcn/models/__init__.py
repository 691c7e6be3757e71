# flake8: noqa
from .fcn32s import FCN32s
from .fcn16s import FCN16s
from .fcn8s import FCN8s
from .fcn8s import FCN8sAtOnce
from .vgg import VGG16
