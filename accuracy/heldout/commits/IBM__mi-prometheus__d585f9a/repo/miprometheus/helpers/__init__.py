# Helpers.
from .index_splitter import IndexSplitter
from .problem_initializer import ProblemInitializer

__all__ = ['IndexSplitter', 'ProblemInitializer']
