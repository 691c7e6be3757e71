from .data_loaders import *
from .dataset import *