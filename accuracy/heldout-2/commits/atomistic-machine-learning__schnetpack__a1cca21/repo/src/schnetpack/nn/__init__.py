"""
Basic building blocks of SchNetPack models. Contains various basic and specialized network layers, layers for
cutoff functions, as well as several auxiliary layers and functions.
"""

from schnetpack.nn.activations import *
from schnetpack.nn.base import *
from schnetpack.nn.blocks import *
from schnetpack.nn.cutoff import *
from schnetpack.nn.equivariant import *
from schnetpack.nn.so3 import *
from schnetpack.nn.scatter import *
from schnetpack.nn.radial import *
from schnetpack.nn.utils import *
