from .gptq import *
from .quant import *
