from .utils import *
from .transforms import *
from .geometry import *
