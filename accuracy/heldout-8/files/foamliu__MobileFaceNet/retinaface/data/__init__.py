from .wider_face import WiderFaceDetection, detection_collate
from .data_augment import *
from .config import *
