from .generic_definitions import *
from .generic_cl_scenario import *
from .generic_scenario_creation import *
from .new_classes import *
from .new_instances import *
