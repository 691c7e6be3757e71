from .explore import beta_priority_func
from .explore import eps_greedy_func
from .replay import LazyReplay
from .replay import PrioritizedReplay
from .replay import VanillaReplay