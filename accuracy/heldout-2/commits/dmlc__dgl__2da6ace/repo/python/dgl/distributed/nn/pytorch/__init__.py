"""dgl distributed sparse optimizer for pytorch."""
from .sparse_emb import DistEmbedding
