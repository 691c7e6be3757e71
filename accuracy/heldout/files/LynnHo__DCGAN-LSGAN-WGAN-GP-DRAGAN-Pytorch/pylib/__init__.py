from pylib.argument import *
from pylib.processing import *
from pylib.path import *
from pylib.serialization import *
from pylib.timer import *

import pprint

pp = pprint.pprint
