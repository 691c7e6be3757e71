from .core_tools import BaseTagger, DocResult, Document, Span, TaggerRegistry
from .taggers import *  # noqa: F401, F403

__all__ = [
    "BaseTagger",
    "DocResult",
    "Document",
    "Span",
    "TaggerRegistry",
]
