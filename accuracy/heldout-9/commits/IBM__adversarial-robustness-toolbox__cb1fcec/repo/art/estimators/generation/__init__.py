"""
Generator API.
"""
from art.estimators.generation.generator import GeneratorMixin

from art.estimators.generation.tensorflow import TensorFlowGenerator
