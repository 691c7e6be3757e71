"""
Denoising diffusion models.

Modules
-------
base : DDPM base model.
ddpm2d : DDPM for 2D data.
ddpmtab : DDPM for tabular data.
lr_schedule : Learning rate schedules.
noise_schedule : Beta schedules.

"""

from . import (
    base,
    ddpm2d,
    ddpmtab,
    lr_schedule,
    noise_schedule,
)
from .base import DDPM
from .ddpm2d import DDPM2d
from .ddpmtab import DDPMTab
from .lr_schedule import make_lr_schedule
from .noise_schedule import make_beta_schedule
