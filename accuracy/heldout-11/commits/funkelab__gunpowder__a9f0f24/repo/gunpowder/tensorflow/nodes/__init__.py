from __future__ import absolute_import

from .train import Train
from .predict import Predict
