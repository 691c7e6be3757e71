from .feature import FeatureEncoder
from .image import ImageEncoder
from .text import TextEncoder
from .bilstmp import BiLSTMp
