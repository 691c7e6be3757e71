from .scenario_generators import *
