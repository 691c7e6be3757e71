"""
Module for preprocessing operations.
"""
from art.preprocessing.preprocessing import Preprocessor
from art.preprocessing.preprocessing import PreprocessorPyTorch
from art.preprocessing.preprocessing import PreprocessorTensorFlowV2
