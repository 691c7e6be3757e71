from .classifier import Classifier
from .scanvi import SCANVI
from .vae import VAE, LDVAE
from .vaec import VAEC
from .jvae import JVAE

__all__ = ["SCANVI", "VAEC", "VAE", "LDVAE", "JVAE", "Classifier"]
