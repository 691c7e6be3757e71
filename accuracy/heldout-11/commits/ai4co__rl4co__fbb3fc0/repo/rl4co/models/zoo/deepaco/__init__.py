from rl4co.models.zoo.deepaco.model import DeepACO
from rl4co.models.zoo.deepaco.policy import DeepACOPolicy
