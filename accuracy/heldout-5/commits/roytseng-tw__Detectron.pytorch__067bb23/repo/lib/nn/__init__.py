from .modules import *
from .parallel import DataParallel
from . import init