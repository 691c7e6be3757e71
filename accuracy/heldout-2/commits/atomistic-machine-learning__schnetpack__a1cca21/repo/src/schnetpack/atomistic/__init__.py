from .atomwise import *
from .response import *
from .distances import *
from .nuclear_repulsion import *
from .electrostatic import *
from .aggregation import *
from .external_fields import *
