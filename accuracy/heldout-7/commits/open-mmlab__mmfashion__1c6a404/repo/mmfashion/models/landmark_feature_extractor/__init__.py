from .landmark_feature_extract import LandmarkFeatureExtractor

__all__ = ['LandmarkFeatureExtractor']
