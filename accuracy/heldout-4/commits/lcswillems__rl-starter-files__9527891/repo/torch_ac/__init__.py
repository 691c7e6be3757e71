from torch_ac.algos import A2CAlgo, PPOAlgo
from torch_ac.model import ACModel