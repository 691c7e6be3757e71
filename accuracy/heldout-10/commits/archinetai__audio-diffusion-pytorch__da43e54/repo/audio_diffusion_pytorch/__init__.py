from audio_encoders_pytorch import Encoder1d, ME1d

from .components import LTPlugin, MelSpectrogram, UNetV0, XUNet
from .diffusion import (
    Diffusion,
    Distribution,
    LinearSchedule,
    Sampler,
    Schedule,
    UniformDistribution,
    VDiffusion,
    VSampler,
)
from .models import DiffusionAE, DiffusionAR, DiffusionModel, DiffusionUpsampler
