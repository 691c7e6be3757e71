from .centernet_model import CenterNet
from .yolov3_model import YoloV3
from .ssd_model import SSD
from .yolov7_model import Yolo7