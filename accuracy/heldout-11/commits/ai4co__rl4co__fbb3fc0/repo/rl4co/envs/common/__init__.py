from .base import RL4COEnvBase
from .utils import Generator, get_sampler
