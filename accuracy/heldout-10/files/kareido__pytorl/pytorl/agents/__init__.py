from .DQN import DQN_Agent
from .DQN import DoubleDQN_Agent
from .DQN import PrioritizedDQN_Agent
from .dist_DQN import GorilaDQN_ClientAgent
from .dist_DQN import GorilaDQN_ServerAgent