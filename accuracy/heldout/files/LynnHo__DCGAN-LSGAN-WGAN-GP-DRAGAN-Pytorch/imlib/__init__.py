from imlib.basic import *
from imlib.dtype import *
from imlib.transform import *
