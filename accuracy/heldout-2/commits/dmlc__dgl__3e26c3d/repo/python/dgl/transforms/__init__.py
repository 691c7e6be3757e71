"""Transform for structures and features"""
from .functional import *
from .module import *
