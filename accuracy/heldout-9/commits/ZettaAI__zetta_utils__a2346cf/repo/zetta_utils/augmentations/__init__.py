from . import tensor
from .common import prob_aug
from .imgaug import imgaug_augment
from . import misalign
