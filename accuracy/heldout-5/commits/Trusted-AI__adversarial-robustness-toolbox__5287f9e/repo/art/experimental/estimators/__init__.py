"""
Experimental Estimator API
"""
from art.experimental.estimators.jax import JaxEstimator
