from . import backend
from . import deprecated
