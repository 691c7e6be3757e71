from src.model.baseline_model import BaselineModel
from src.model.deepspeech_model import DeepSpeech2

__all__ = [
    "BaselineModel",
    "DeepSpeech2",
]
