from .base import Model

from .gaussian import GaussianModel
from .categorical import CategoricalModel
from .deterministic import DeterministicModel
