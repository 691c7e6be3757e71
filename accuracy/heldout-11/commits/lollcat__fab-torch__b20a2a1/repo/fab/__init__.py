#! /usr/bin/env python

from .core import FABModel
from .train import Trainer
from .sampling_methods import AnnealedImportanceSampler, HamiltoneanMonteCarlo, Metropolis
from .types_ import Model, Distribution

__version__ = '0.1'