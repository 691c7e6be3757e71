from .Actor import Actor as Actor
from .Critic import Critic as Critic
from .Incremental_model import IncrementalModel as IncrementalModel
from .model import IHDPAgent as IHDPAgent
