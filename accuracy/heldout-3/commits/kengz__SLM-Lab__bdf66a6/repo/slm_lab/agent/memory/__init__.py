# The memory module
# Implements various methods for memory storage
from .replay import *
from .onpolicy import *
from .prioritized import *
