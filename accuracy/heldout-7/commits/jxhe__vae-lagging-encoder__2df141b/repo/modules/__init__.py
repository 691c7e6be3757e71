from .encoders import *
from .decoders import *
from .vae import *
from .lm import *
# from .plotter import *
from .utils import *