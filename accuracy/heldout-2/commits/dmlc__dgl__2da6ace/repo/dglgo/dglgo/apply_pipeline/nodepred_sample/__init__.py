from .gen import *
