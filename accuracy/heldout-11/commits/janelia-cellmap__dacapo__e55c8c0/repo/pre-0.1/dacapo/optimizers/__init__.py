from .optimizer import Optimizer  # noqa
from .adam import Adam  # noqa
from .radam import RAdam  # noqa