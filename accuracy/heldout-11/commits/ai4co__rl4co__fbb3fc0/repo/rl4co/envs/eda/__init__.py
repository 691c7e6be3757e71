from rl4co.envs.eda.dpp.env import DPPEnv
from rl4co.envs.eda.mdpp.env import MDPPEnv
