from .core import evaluate, run
from .loss import Loss
