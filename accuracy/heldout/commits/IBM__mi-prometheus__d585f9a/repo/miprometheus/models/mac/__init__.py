from .control_unit import ControlUnit
from .image_encoding import ImageProcessing
from .input_unit import InputUnit
from .mac_unit import MACUnit
from .model import MACNetwork
from .output_unit import OutputUnit
from .read_unit import ReadUnit
from .utils_mac import linear
from .write_unit import WriteUnit

__all__ = [
    'ControlUnit',
    'ImageProcessing',
    'InputUnit',
    'MACUnit',
    'MACNetwork',
    'OutputUnit',
    'ReadUnit',
    'linear',
    'WriteUnit']
