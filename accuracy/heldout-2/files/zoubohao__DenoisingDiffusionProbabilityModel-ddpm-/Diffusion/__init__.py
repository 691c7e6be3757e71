from .Diffusion import *
from .Model import *
from .Train import *