from .grid_workers import *
from .helpers import *
from .models import *
from .problems import *
from .utils import *
from .workers import *
