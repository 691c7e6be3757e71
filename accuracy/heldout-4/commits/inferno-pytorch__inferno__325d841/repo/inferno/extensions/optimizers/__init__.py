from .adam import Adam
from .annealed_adam import AnnealedAdam