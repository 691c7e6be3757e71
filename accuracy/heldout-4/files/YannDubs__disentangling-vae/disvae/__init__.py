from disvae.models.vae import init_specific_model
from disvae.training import Trainer
from disvae.evaluate import Evaluator
