from .factory import *
