from .model import *
from .utils import *
from .dataset import *
from .visualize import *
from .runner import *