
from .sasa import SASA
from .sparse import *
