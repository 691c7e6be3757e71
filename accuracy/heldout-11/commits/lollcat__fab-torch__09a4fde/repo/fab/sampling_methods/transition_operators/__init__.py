from .hmc import HamiltonianMonteCarlo
from .base import TransitionOperator
from .metropolis import Metropolis