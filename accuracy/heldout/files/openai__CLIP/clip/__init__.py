from .clip import *
