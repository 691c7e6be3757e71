from .dlc import *  # noqa: F401, F403
from .local import *  # noqa: F401, F403
from .slurm import *  # noqa: F401, F403
