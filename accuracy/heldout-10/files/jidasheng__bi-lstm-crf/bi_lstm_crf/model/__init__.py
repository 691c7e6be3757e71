from .crf import CRF
from .model import BiRnnCrf
