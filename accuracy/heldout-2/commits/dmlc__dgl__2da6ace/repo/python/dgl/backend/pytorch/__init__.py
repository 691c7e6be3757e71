from .sparse import *
from .tensor import *
