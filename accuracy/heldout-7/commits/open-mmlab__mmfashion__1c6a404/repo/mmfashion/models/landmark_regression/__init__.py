from .landmark_regression import LandmarkRegression

__all__ = ['LandmarkRegression']
