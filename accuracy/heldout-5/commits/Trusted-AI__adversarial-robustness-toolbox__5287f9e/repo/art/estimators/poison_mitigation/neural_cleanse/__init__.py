"""
Neural cleanse estimators.
"""
from art.estimators.poison_mitigation.neural_cleanse.neural_cleanse import NeuralCleanseMixin
from art.estimators.poison_mitigation.neural_cleanse.keras import KerasNeuralCleanse
