from .base import AircraftMPC as AircraftMPC
from .dynamics import DynamicsNN as DynamicsNN
from .gradient import MPCOptimizationAgent as MPCOptimizationAgent
from .stochastic import MPCAgent as MPCAgent
from .transformers import TransformerDynamicsModel as TransformerDynamicsModel
