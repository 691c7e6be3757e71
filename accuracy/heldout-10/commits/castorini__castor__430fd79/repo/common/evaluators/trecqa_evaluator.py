from .qa_evaluator import QAEvaluator


class TRECQAEvaluator(QAEvaluator):
    pass
