from .evaluators import *
from .trainers import *