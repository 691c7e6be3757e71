"""
Mappings between integer index id and the corresponding index for querying data.
"""

from . import base, random_indexer, volumetric_strided_indexer
from .base import SampleIndexer
from .chain_indexer import ChainIndexer
from .random_indexer import RandomIndexer
from .volumetric_strided_indexer import VolumetricStridedIndexer
from .loop_indexer import LoopIndexer
from .volumetric_ngl_indexer import VolumetricNGLIndexer
