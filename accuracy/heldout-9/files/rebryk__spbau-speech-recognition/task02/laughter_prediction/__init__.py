from .feature_extractors import FeatureExtractor
from .predictors import Predictor
from .sample_audio import sample_by_frames

__all__ = ['FeatureExtractor', 'Predictor', 'sample_by_frames']
