from . import experiments  # noqa
from .apply import apply  # noqa
from .options import Options  # noqa
from .train import train  # noqa
from .validate import validate  # noqa
