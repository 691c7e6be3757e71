from .embedding import Embedding
from .linear import Linear
from .lstm import Lstm

__all__ = ["Lstm",
           "Embedding",
           "Linear"]
