from .conv import *
from .res_blk import *
