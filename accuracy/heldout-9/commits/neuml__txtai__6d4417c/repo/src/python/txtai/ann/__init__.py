"""
ANN imports
"""

from .annoy import Annoy
from .base import ANN
from .factory import ANNFactory
from .faiss import Faiss
from .hnsw import HNSW
