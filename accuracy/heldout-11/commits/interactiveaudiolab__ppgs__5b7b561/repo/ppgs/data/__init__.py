from .core import *
from . import download
from . import purge
from .collate import Collator
from .sampler import sampler, Sampler
from .loader import loaders
from .dataset import Dataset
from .disk import *
from .aggregate import *
