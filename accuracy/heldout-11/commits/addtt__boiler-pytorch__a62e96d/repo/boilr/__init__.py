from ._version import __version__, __version_info__
from .experiments import *
from .trainer import Trainer
from .options import set_options
