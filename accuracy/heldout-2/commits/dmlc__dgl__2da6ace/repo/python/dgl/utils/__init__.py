"""Internal utilities."""
from .checks import *
from .data import *
from .exception import *
from .filter import *
from .internal import *
from .pin_memory import *
from .shared_mem import *

try:
    from packaging import version
except ImportError:
    # If packaging isn't installed, try and use the vendored copy in setuptools
    from setuptools.extern.packaging import version
