# Source: https://github.com/Qwicen/node
from .arch import *  # noqa
from .nn_utils import *  # noqa
from .odst import *  # noqa
from .utils import *  # noqa
