from .cnn_lstm import *
from .stacked_attention_networks import *