from .vgg import vgg11_bn
from .vgg import vgg13_bn
from .vgg import vgg16_bn
from .vgg import vgg19_bn

from .resnet import resnet18
from .resnet import resnet34
from .resnet import resnet50
from .resnet import resnet101
from .resnet import resnet152

from .resnet import resnext50_32x4d
from .resnet import resnext101_32x4d
from .resnet import resnext101_32x8d

from .resnet import se_resnet34
from .resnet import se_resnet50
from .resnet import se_resnet101

from .resnet import se_resnext50_32x4d

from .resnet import bresnet50

from .densenet import densenet121
from .densenet import densenet161
from .densenet import densenet169
from .densenet import densenet201

from .efficientnet import efficientnet_b0
from .efficientnet import efficientnet_b1
from .efficientnet import efficientnet_b2
from .efficientnet import efficientnet_b3
from .efficientnet import efficientnet_b4
from .efficientnet import efficientnet_b5
from .efficientnet import efficientnet_b6
from .efficientnet import efficientnet_b7

from .tresnet import tresnetm
from .tresnet import tresnetl
from .tresnet import tresnetxl

from .hrnet import hrnet_w18_small
from .hrnet import hrnet_w18
from .hrnet import hrnet_w30
from .hrnet import hrnet_w32
from .hrnet import hrnet_w40
from .hrnet import hrnet_w44
from .hrnet import hrnet_w48
from .hrnet import hrnet_w64

from .bit_resnet import bit_m_50x1
from .bit_resnet import bit_m_50x3
from .bit_resnet import bit_m_101x1
from .bit_resnet import bit_m_101x3
from .bit_resnet import bit_m_152x2
from .bit_resnet import bit_m_152x4
