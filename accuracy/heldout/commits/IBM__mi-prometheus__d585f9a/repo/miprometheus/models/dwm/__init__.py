from .controller import Controller
from .dwm_cell import DWMCellStateTuple, DWMCell
from .dwm_model import DWM
from .interface import InterfaceStateTuple, Interface
from .memory import Memory
from .tensor_utils import normalize, sim, outer_prod, circular_conv

__all__ = [
    'Controller',
    'DWMCellStateTuple',
    'DWMCell',
    'DWM',
    'InterfaceStateTuple',
    'Interface',
    'Memory',
    'normalize',
    'sim',
    'outer_prod',
    'circular_conv']
