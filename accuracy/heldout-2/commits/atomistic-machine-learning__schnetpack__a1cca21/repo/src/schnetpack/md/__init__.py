"""
This module contains all functionality for performing various molecular dynamics simulations
using SchNetPack.
"""
from .system import *
from .initial_conditions import *
from .simulator import *
from . import integrators
from . import simulation_hooks
from . import calculators
from . import neighborlist_md
from . import utils
from . import data
