from .model import BiLSTMCRF
from .runner import NERModel
