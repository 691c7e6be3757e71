from .visibility_classifier import VisibilityClassifier

__all__ = ['VisibilityClassifier']
