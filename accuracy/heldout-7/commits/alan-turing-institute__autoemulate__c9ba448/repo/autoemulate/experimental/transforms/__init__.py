from .pca import PCATransform
from .standardize import StandardizeTransform
from .vae import VAETransform

__all__ = ["PCATransform", "StandardizeTransform", "VAETransform"]
