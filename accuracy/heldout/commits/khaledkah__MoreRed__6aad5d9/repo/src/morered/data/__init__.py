from .splitting import *
