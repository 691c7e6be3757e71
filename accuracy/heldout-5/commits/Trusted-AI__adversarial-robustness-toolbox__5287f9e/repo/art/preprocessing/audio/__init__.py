"""
This module contains audio preprocessing tools.
"""
from art.preprocessing.audio.l_filter.numpy import LFilter
from art.preprocessing.audio.l_filter.pytorch import LFilterPyTorch
