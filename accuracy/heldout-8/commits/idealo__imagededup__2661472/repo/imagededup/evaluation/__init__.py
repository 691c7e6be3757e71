from .evaluation import evaluate
