from .model import MatNet
from .policy import MatNetPolicy
