from .collate import Collate
from .sampler import Sampler
from .loader import loader
from .dataset import Dataset
from . import datasets
from . import download
from . import purge
