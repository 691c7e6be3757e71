from fab.sampling_methods.ais import AnnealedImportanceSampler
from fab.sampling_methods.transition_operators import TransitionOperator, HamiltoneanMonteCarlo, \
    Metropolis