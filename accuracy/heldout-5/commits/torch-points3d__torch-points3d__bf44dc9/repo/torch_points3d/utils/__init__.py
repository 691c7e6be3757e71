from .colors import *
from .config import *
from .enums import *
from .running_stats import *
from .timer import *
from .transform_utils import *
