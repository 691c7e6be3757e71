from .ale_atari import make_atari_env
from .gym_ctrl import make_ctrl_env