from . import configurations
from . import misc
