from .cls_minions import *
from .minions import *
