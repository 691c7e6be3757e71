from .functions.roi_align import roi_align
from .modules.roi_align import RoIAlign

__all__ = ['roi_align', 'RoIAlign']
