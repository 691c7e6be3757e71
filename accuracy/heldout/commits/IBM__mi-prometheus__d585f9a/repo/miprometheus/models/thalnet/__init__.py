from .thalnet_cell import ThalNetCell
from .thalnet_model import ThalNetModel
from .thalnet_module import ThalnetModule

__all__ = ['ThalNetCell', 'ThalNetModel', 'ThalnetModule']
