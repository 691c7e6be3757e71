from .FlowNetS import *
from .FlowNetC import *