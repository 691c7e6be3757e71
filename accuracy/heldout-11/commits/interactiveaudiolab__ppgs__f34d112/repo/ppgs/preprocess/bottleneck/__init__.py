from .core import *
from . import conformer_ppg_model