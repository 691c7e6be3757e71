from .metric import *
from .build_graph import *
from .sampling import *
from .viz import *
