from .ni_scenario import *
