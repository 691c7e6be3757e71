from .s_control_unit import ControlUnit
from .s_mac_unit import MACUnit
from .s_mac import sMacNetwork
from .s_read_unit import ReadUnit
from .s_write_unit import WriteUnit

__all__ = ['ControlUnit', 'MACUnit', 'sMacNetwork', 'ReadUnit', 'WriteUnit']
