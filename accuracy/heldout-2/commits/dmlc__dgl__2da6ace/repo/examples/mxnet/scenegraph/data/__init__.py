from .dataloader import *
from .object import *
from .relation import *
