from .dummy_predictor import DummyPredictor  # noqa
from .distance_predictor import DistancePredictor  # noqa
from .one_hot_predictor import OneHotPredictor  # noqa
from .predictor import Predictor  # noqa