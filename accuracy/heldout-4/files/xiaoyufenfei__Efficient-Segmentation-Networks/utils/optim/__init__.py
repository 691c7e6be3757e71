from .RAdam import *
from .AdamW import *
from .Lookahead import *
from .Ranger import *