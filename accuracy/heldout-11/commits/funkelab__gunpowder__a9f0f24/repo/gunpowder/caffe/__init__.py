from __future__ import absolute_import

from .net_io_wrapper import NetIoWrapper
from .solver_parameters import SolverParameters
from .nodes import *
