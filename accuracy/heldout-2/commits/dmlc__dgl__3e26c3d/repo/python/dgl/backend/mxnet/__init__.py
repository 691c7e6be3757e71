from .tensor import *
from .sparse import *
