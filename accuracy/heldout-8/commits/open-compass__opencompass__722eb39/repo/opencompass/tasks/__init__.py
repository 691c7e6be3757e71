from .mm_infer import *  # noqa: F401, F403
from .openicl_eval import *  # noqa: F401, F403
from .openicl_infer import *  # noqa: F401, F403
