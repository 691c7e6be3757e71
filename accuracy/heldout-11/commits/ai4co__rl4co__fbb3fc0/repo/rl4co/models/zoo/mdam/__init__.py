from .model import MDAM
from .policy import MDAMPolicy
