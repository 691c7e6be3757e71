from .base import Noise

from .gaussian import GaussianNoise
from .ornstein_uhlenbeck import OrnsteinUhlenbeckNoise
