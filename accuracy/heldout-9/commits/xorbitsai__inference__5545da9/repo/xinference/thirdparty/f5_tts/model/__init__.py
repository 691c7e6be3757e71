from f5_tts.model.cfm import CFM

from f5_tts.model.backbones.unett import UNetT
from f5_tts.model.backbones.dit import DiT
from f5_tts.model.backbones.mmdit import MMDiT

# from f5_tts.model.trainer import Trainer


__all__ = ["CFM", "UNetT", "DiT", "MMDiT"]  # , "Trainer"]
