from .model import Model as Model
from .model import PERAgent as PERAgent
from .model import SumTree as SumTree
from .model import test_model as test_model
