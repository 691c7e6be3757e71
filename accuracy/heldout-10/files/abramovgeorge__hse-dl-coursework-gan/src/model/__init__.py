from src.model.ctabgan import CTABGAN
from src.model.ctgan import CTGAN
from src.model.gan import GAN
from src.model.tgan import TGAN

__all__ = ["GAN", "TGAN", "CTGAN", "CTABGAN"]
