from .motion_dataloader import *
from .spatial_dataloader import *