from . import basic
from . import callbacks
