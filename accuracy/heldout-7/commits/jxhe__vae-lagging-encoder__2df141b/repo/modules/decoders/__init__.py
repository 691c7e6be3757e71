from .dec_lstm import *
from .dec_pixelcnn import *
from .dec_pixelcnn_v2 import *