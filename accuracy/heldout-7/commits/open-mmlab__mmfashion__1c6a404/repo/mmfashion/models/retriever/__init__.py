from .base import BaseRetriever
from .global_retriever import GlobalRetriever
from .roi_retriever import RoIRetriever

__all__ = ['BaseRetriever', 'RoIRetriever', 'GlobalRetriever']
