from .qm7_x import *
from .qm9_filtered import *
