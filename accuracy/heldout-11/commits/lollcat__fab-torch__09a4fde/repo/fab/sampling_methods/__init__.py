from fab.sampling_methods.ais import AnnealedImportanceSampler
from fab.sampling_methods.transition_operators import TransitionOperator, HamiltonianMonteCarlo, \
    Metropolis
from fab.sampling_methods.base import create_point, Point