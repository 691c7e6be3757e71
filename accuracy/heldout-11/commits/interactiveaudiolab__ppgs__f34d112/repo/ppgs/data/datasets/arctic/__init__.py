from .core import *
from . import words
