from .qm9 import *
from .md17 import *
from .md22 import *
from .rmd17 import *
from .iso17 import *
from .ani1 import *
from .materials_project import *
from .omdb import *
