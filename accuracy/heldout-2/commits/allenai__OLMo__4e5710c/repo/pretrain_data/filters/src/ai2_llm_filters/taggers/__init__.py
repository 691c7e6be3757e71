from .jigsaw import *  # noqa: F403
from .language import *  # noqa: F403
from .length import *  # noqa: F403
from .pii import *  # noqa: F403
from .sampling import *  # noqa: F403
