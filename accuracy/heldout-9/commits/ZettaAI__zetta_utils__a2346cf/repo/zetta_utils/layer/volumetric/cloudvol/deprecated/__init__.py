from . import backend
from . import build
