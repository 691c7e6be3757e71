"""
Encoder layers for neural network models.
"""

from pytorch_forecasting.layers._encoders._encoder import Encoder
from pytorch_forecasting.layers._encoders._encoder_layer import EncoderLayer

__all__ = ["Encoder", "EncoderLayer"]
