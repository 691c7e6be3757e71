"""
This module implements all poison mitigation models in ART.
"""
from art.estimators.poison_mitigation import neural_cleanse
from art.estimators.poison_mitigation.strip import strip
from art.estimators.poison_mitigation.neural_cleanse.keras import KerasNeuralCleanse
from art.estimators.poison_mitigation.strip.strip import STRIPMixin
