from .faster_rcnn import *
from .mask_rcnn import *
from .keypoint_rcnn import *
