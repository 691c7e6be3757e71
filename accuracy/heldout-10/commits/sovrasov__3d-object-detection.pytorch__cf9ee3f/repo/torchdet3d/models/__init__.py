from .mobilenetv3 import *
