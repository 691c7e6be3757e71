"""
Vectors import
"""

from .base import Vectors
from .factory import VectorsFactory
from .transformers import TransformersVectors
from .words import WordVectors
