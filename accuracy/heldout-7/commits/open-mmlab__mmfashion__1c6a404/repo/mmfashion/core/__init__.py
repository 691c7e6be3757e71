from .evaluation import *  # noqa: F401, F403
