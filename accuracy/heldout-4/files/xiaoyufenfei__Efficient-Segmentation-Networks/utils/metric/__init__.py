from .metric import *
