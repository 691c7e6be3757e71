from torchlib.data.dataset import *
