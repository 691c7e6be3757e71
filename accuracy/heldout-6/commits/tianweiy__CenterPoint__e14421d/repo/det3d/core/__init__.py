from .fp16 import *
from .evaluation import *
from .utils import *
from .anchor import *
from .bbox import *
from .input import *
from .sampler import *
