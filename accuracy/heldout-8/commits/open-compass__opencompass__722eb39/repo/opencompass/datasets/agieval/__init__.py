# flake8: noqa

from .agieval import *  # noqa: F401, F403
