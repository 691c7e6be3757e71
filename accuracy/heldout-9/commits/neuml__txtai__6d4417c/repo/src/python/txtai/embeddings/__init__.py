"""
Embeddings imports
"""

from .base import Embeddings
from .documents import Documents
from .reducer import Reducer
