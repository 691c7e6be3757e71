from .logging import *  # noqa
