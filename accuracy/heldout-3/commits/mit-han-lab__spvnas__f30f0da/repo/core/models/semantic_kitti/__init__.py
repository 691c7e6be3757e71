from .minkunet import *
from .spvcnn import *
from .spvnas import *
