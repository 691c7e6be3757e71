from .visualizer import *
from .experiment_manager import ExperimentManager
