# Basic layers
from .ff import FF
from .fusion import Fusion
from .flatten import Flatten
from .seq_conv import SequenceConvolution
from .rnninit import RNNInitializer
from .max_margin import MaxMargin

# Attention layers
from .attention import *

# ZSpace layers
from .z import ZSpace
from .z_att import ZSpaceAtt

# Encoder layers
from .encoders import *

# Decoder layers
from .decoders import *
