from .base import CallbackEngine, Callback
from .console import Console
from . import essentials
from . import scheduling

try:
    from .tqdm import TQDMProgressBar
except ImportError:
    from .tqdmstub import TQDMProgressBar
