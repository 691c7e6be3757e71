from .nc_scenario import *
