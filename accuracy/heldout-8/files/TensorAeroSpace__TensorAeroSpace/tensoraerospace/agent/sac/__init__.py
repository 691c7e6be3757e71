from .model import DeterministicPolicy as DeterministicPolicy
from .model import GaussianPolicy as GaussianPolicy
from .model import QNetwork as QNetwork
from .model import ValueNetwork as ValueNetwork
from .replay_memory import ReplayMemory as ReplayMemory
from .sac import SAC as SAC
