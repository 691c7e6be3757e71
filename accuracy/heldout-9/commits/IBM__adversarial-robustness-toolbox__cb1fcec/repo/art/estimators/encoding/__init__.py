"""
Encoder API.
"""
from art.estimators.encoding.encoder import EncoderMixin

from art.estimators.encoding.tensorflow import TensorFlowEncoder
