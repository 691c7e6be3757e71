from .categorical import *
from .arand import *
