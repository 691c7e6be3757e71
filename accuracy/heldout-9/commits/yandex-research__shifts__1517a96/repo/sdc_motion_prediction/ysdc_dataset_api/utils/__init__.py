from .filtration import *
from .reading import *
from .serialization import *
from .tracks import *
from .transform import *
