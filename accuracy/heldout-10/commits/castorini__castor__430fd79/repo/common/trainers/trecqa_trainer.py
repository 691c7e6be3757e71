from .qa_trainer import QATrainer


class TRECQATrainer(QATrainer):
    pass
