"""dgl distributed sparse optimizer for pytorch."""
from .sparse_optim import SparseAdagrad, SparseAdam
