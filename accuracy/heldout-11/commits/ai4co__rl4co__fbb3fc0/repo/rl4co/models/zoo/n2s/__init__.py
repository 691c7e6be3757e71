from .model import N2S
from .policy import N2SPolicy
