from .diffusion import (GaussianDiffusionTrainer, GaussianDiffusionSampler)
