from .fnn import FNNModel
from .pnn import PNNModel