from .functions.roi_pool import roi_pool
from .modules.roi_pool import RoIPool

__all__ = ['roi_pool', 'RoIPool']
