from torchlib.layers.layers import *
