from .dense import *
from .message_passing import *
