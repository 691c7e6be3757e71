from .constants import *
from .config import resolve_data_config
from .dataset import Dataset, DatasetTar, AugMixDataset
from .transforms import *
from .loader import create_loader
from .transforms_factory import create_transform
from .mixup import mixup_batch, FastCollateMixup
from .auto_augment import RandAugment, AutoAugment, rand_augment_ops, auto_augment_policy,\
    rand_augment_transform, auto_augment_transform
