"""
This module contains tool for input standardisation with mean and standard deviation.
"""
from art.preprocessing.standardisation_mean_std.numpy import StandardisationMeanStd
from art.preprocessing.standardisation_mean_std.pytorch import StandardisationMeanStdPyTorch
from art.preprocessing.standardisation_mean_std.tensorflow import StandardisationMeanStdTensorFlow
