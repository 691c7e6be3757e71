from .qa_evaluator import QAEvaluator


class WikiQAEvaluator(QAEvaluator):
    pass
