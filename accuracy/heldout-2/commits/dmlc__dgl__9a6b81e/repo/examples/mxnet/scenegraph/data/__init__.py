from .object import *
from .relation import *
from .dataloader import *
