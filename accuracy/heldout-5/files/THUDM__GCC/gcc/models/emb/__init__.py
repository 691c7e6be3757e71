from .from_numpy import FromNumpy, FromNumpyAlign, FromNumpyGraph, Zero
from .graphwave import GraphWave
from .prone import ProNE

__all__ = [
    "Zero",
    "GraphWave",
    "ProNE",
    "FromNumpy",
    "FromNumpyGraph",
    "FromNumpyAlign",
]
