from .dummy_predictor import DummyPredictor  # noqa
from .predictor import Predictor  # noqa