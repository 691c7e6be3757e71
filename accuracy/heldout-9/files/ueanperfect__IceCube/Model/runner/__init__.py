from .trainner import *
from .runner import *
from .logger import *