from morered.processes import functional
from morered.processes.base import *
from morered.processes.Gaussian import *
