from autoregressive_diffusion_pytorch.autoregressive_diffusion import (
    AutoregressiveDiffusion,
    MLP,
    ImageAutoregressiveDiffusion
)
