from .base import Transform, Compose
from . import generic
from . import image
from . import volume
