from .augmentations import SSDAugmentation
from .modules import *