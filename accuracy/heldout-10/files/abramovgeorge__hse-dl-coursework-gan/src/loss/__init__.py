from src.loss.ctabgan import CTABGANLoss
from src.loss.ctgan import CTGANLoss
from src.loss.gan import GANLoss
from src.loss.tgan import TGANLoss
