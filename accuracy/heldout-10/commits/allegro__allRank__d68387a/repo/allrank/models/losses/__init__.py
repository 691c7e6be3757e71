DEFAULT_EPS = 1e-10

from .approxNDCG import *  # noqa F403 F401
from .binary_listNet import *  # noqa F403 F401
from .lambdaLoss import *  # noqa F403 F401
from .listMLE import *  # noqa F403 F401
from .listNet import *  # noqa F403 F401
from .ordinal import *  # noqa F403 F401
from .pointwise import *  # noqa F403 F401
from .rankNet import *  # noqa F403 F401
from .bce import *  # noqa F403 F401
