from .base_conv import *
