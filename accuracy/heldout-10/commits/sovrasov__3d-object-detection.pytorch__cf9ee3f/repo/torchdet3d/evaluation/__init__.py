from .evaluate import Evaluator
from .metrics import *
