# flake8: noqa
from . import datasets
from . import models
from . import utils
from .trainer import Trainer
