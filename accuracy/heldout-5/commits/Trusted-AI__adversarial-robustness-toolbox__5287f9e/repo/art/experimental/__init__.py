"""
This module contains the experimental Estimator API.
"""
from art.experimental.estimators.jax import JaxEstimator
