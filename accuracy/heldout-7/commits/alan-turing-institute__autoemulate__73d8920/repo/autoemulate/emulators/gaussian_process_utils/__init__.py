from .early_stopping_criterion import EarlyStoppingCustom
from .poly_mean import PolyMean
from .polynomial_features import PolynomialFeatures
