from .dummy_evaluation_scores import DummyEvaluationScores  # noqa
from .dummy_evaluator import DummyEvaluator  # noqa
from .evaluation_scores import EvaluationScores  # noqa
from .evaluator import Evaluator  # noqa