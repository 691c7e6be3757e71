"""
API imports
"""

# Conditional import
try:
    from .application import app, start
    from .base import API
    from .cluster import Cluster
    from .extension import Extension
    from .factory import Factory
except ImportError as missing:
    # pylint: disable=W0707
    raise ImportError('API is not available - install "api" extra to enable') from missing
