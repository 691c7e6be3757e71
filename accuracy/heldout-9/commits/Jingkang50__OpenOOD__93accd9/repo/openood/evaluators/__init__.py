from .utils import get_evaluator
