from .core import Model
from .convolution import Convolution
from .transformer import Transformer
from .w2v2 import W2V2
from .w2v2fc import W2V2FC
