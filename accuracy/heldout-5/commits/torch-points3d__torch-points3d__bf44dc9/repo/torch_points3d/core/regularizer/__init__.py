from .regularizers import *
