from flashrag.evaluator.evaluator import *
from flashrag.evaluator.metrics import *
