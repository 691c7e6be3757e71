from .retinanet import RetinaNet
from .retinanet import retinanet_r50_fpn
from .retinanet import retinanet_r101_fpn

from .efficientdet import EfficientDet
from .efficientdet import efficientdet_d0
from .efficientdet import efficientdet_d1
from .efficientdet import efficientdet_d2
from .efficientdet import efficientdet_d3
from .efficientdet import efficientdet_d4
from .efficientdet import efficientdet_d5
from .efficientdet import efficientdet_d6
