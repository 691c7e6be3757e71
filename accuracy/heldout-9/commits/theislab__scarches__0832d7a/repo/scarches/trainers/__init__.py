from .trvae.unsupervised import trVAETrainer
from .scgen.trainer import vaeArithTrainer
