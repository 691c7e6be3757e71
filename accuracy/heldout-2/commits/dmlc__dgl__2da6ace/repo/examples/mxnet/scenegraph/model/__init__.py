from .faster_rcnn import *
from .reldn import *
