"""
Randomized smoothing estimators.
"""
from art.estimators.certification.randomized_smoothing.randomized_smoothing import RandomizedSmoothingMixin

from art.estimators.certification.randomized_smoothing.numpy import NumpyRandomizedSmoothing
from art.estimators.certification.randomized_smoothing.tensorflow import TensorFlowV2RandomizedSmoothing
from art.estimators.certification.randomized_smoothing.pytorch import PyTorchRandomizedSmoothing
