from .vizdoom_env import VizDoomEnv
