from torch_ac.algos.a2c import A2CAlgo
from torch_ac.algos.ppo import PPOAlgo