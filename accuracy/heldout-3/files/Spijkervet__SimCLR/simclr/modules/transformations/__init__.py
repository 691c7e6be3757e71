from .simclr import TransformsSimCLR
