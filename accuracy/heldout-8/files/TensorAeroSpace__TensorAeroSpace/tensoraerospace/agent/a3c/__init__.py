from .model import Actor as Actor
from .model import Agent as Agent
from .model import Critic as Critic
from .model import Worker as Worker
from .model import setup_global_params as setup_global_params
