from .initializer import *
