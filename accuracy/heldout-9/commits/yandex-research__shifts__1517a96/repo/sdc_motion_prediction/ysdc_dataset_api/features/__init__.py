from .rendering import FeatureRenderer
