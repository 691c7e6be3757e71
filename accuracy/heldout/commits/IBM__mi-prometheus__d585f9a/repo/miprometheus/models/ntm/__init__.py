from .ntm_cell import NTMCellStateTuple, NTMCell
from .ntm_interface import HeadStateTuple, InterfaceStateTuple, NTMInterface
from .ntm_model import NTM

__all__ = ['NTMCellStateTuple', 'NTMCell', 'HeadStateTuple',
           'InterfaceStateTuple', 'NTMInterface', 'NTM']
