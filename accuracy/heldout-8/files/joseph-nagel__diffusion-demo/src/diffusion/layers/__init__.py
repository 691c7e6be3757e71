"""
Model layers.

Modules
-------
attention : Attention.
conv : Convolutional layers.
dense : Fully connected layers.
embed : Positional embedding.
utils : Modeling utilities.

"""

from . import attention, conv, dense, embed, utils
from .attention import SelfAttention2D
from .conv import DoubleConv, CondDoubleConv, ResidualBlock, CondResidualBlock
from .dense import CondDense
from .embed import SinusoidalEncoding, LearnableSinusoidalEncoding, ClassEmbedding
from .utils import make_dense, make_conv, make_activation, make_norm
