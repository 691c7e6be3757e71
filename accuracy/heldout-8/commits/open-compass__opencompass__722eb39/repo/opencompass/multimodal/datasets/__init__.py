from .mmbench import MMBenchDataset  # noqa: F401, F403
from .mme import MMEDataset  # noqa: F401, F403
from .seedbench import SEEDBenchDataset  # noqa: F401, F403

__all__ = ['MMBenchDataset'
           'SEEDBenchDataset', 'MMEDataset']
