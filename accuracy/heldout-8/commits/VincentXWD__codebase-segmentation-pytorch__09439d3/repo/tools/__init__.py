from . import benchmark
from . import statistics