from .learning_rate import poly_learning_rate, step_learning_rate

__all__ = ['poly_learning_rate', 'step_learning_rate']
