"""Torch modules for link prediction/knowledge graph completion."""

from .edgepred import EdgePredictor
from .transe import TransE
from .transr import TransR
