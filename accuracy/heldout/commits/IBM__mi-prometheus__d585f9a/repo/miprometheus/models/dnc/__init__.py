from .control_and_params import ControlParams
from .dnc_cell import NTMCellStateTuple, DNCCell
from .dnc_model import DNC
from .interface import InterfaceStateTuple, Interface
from .memory import Memory
from .memory_usage import MemoryUsage
from .param_gen import Param_Generator
from .plot_data import plot_memory_attention, plot_memory
from .temporal_linkage import TemporalLinkageState, TemporalLinkage
from .tensor_utils import normalize, sim, outer_prod, circular_conv

__all__ = [
    'ControlParams',
    'NTMCellStateTuple',
    'DNCCell',
    'DNC',
    'InterfaceStateTuple',
    'Interface',
    'Memory',
    'MemoryUsage',
    'Param_Generator',
    'plot_memory_attention',
    'plot_memory',
    'TemporalLinkageState',
    'TemporalLinkage',
    'normalize',
    'sim',
    'outer_prod',
    'circular_conv']
