from .hmc import HamiltoneanMonteCarlo
from .base import TransitionOperator
from .metropolis import Metropolis