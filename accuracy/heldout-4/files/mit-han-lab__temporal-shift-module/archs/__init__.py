from .bn_inception import *
