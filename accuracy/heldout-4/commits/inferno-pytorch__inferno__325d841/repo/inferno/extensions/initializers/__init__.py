from .base import *
from .presets import *

