"""
Defined to maintain backwards compatibility
"""

from ..pipeline.tokenizer import Tokenizer
