from . import compiled_dynamics  # noqa: F401
from . import distributions  # noqa: F401
