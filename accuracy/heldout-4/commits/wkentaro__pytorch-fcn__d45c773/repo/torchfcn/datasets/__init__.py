from .voc import SBDClassSeg  # NOQA
from .voc import VOC2011ClassSeg  # NOQA
from .voc import VOC2012ClassSeg  # NOQA
