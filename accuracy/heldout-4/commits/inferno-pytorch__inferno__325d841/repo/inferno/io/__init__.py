from . import box
from . import core
from . import transform
from . import volumetric