"""Package for pytorch-specific NN modules."""
from .conv import *
from .explain import *
from .link import *
from .linear import *
from .glob import *
from .softmax import *
from .factory import *
from .hetero import *
from .sparse_emb import NodeEmbedding
from .utils import JumpingKnowledge, LabelPropagation, Sequential, WeightBasis
from .network_emb import *
from .gt import *
