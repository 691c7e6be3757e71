from rl4co.envs.scheduling.ffsp.env import FFSPEnv
from rl4co.envs.scheduling.fjsp.env import FJSPEnv
from rl4co.envs.scheduling.smtwtp.env import SMTWTPEnv
