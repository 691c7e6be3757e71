from .utils import get_trainer
