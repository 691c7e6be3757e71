"""
Calculator modules for molecular dynamics simulations.
"""

from .base_calculator import *
from .schnetpack_calculator import *
from .lj_calculator import *
from .ensemble_calculator import *
from .orca_calculator import *
