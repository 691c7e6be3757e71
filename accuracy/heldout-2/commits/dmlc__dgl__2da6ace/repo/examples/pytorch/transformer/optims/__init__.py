from .noamopt import *
