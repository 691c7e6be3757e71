from .ssd_train import SSDTrainer
from .centernet_train import CenterNetTrainer
from .yolov3_train import Yolo3Trainer
from .yolo7_train import Yolo7Trainer