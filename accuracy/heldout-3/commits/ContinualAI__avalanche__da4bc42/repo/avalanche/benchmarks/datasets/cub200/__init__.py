from .cub200 import *
