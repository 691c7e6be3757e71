from . import precomputed
