from .base import Memory

from .random import RandomMemory
from .prioritized import PrioritizedMemory