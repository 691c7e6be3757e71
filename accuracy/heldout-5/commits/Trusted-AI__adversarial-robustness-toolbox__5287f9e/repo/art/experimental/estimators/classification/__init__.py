"""
Experimental classifiers.
"""
from art.experimental.estimators.classification.jax import JaxClassifier
