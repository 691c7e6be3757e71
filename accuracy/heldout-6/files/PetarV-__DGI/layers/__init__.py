from .gcn import GCN
from .readout import AvgReadout
from .discriminator import Discriminator
