from src.trainer.ctabgan_trainer import CTABGANTrainer
from src.trainer.ctgan_inferencer import CTGANInferencer
from src.trainer.ctgan_trainer import CTGANTrainer
from src.trainer.gan_inferencer import GANInferencer
from src.trainer.gan_trainer import GANTrainer
from src.trainer.tgan_trainer import TGANTrainer
