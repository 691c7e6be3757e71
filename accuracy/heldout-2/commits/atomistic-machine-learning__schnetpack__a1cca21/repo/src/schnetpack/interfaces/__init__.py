from .ase_interface import *
from .batchwise_optimizer import *
