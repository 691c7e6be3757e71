from .DiffusionCondition import *
from .ModelCondition import *
from .TrainCondition import *