"""
Defined to maintain backwards compatibility
"""

from ..pipeline.extractor import Extractor
