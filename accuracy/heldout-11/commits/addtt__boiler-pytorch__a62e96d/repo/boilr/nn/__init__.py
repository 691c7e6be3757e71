from .modules import *
