from .base import BaseLandmarkDetector
from .landmark_detector import LandmarkDetector

__all__ = ['BaseLandmarkDetector', 'LandmarkDetector']
