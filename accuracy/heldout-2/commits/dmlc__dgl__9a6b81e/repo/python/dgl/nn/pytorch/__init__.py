"""Package for pytorch-specific NN modules."""
from .conv import *
from .explain import *
from .link import *
from .glob import *
from .softmax import *
from .factory import *
from .hetero import *
from .utils import Sequential, WeightBasis, JumpingKnowledge
from .sparse_emb import NodeEmbedding
