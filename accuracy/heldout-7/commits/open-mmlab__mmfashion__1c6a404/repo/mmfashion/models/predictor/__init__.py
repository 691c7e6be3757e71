from .base import BasePredictor
from .global_predictor import GlobalPredictor
from .roi_predictor import RoIPredictor

__all__ = ['BasePredictor', 'RoIPredictor', 'GlobalPredictor']
