from .wrappers import wrap_env
from .wrappers import Wrapper

from .loaders import load_isaacgym_env_preview2
from .loaders import load_isaacgym_env_preview3
