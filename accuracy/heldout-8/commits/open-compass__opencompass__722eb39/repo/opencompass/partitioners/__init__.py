from .mm_naive import *  # noqa: F401, F403
from .naive import *  # noqa: F401, F403
from .size import *  # noqa: F401, F403
