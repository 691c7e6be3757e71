"""
Scoring imports
"""

from .base import Scoring
from .bm25 import BM25
from .factory import ScoringFactory
from .sif import SIF
