#! /usr/bin/env python

from .core import FABModel
from .train import Trainer
from .train_with_buffer import BufferTrainer
from .train_with_prioritised_buffer import PrioritisedBufferTrainer
from .sampling_methods import AnnealedImportanceSampler, HamiltonianMonteCarlo, Metropolis
from .types_ import Model, Distribution

__version__ = '0.1'