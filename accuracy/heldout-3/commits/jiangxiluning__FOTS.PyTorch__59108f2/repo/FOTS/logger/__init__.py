from .logger import *
