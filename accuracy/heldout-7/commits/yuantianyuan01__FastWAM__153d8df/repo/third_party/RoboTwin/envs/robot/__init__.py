from .robot import *
from .planner import *
