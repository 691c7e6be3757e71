from .qa_trainer import QATrainer


class WikiQATrainer(QATrainer):
    pass
