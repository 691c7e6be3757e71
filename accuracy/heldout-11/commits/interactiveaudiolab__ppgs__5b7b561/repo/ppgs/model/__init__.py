from .core import Model
from .convolution import Convolution
from .transformer import Transformer
from .old_transformer import Transformer as OldTransformer
from .wrapper import LengthsWrapperModel
from .w2v2 import W2V2
from .w2v2fc import W2V2FC
from .w2v2fs import W2V2FS
