from .constants import *
from .config import resolve_data_config
from .dataset import Dataset, DatasetTar
from .transforms import *
from .loader import create_loader
from .mixup import mixup_target, FastCollateMixup
