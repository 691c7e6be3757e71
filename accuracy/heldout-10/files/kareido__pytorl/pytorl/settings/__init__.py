from .entries import lrun
from .entries import rl_run