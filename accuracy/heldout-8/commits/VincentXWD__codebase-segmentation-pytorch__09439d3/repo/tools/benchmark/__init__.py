from .compute_flops import compute_flops
from .compute_memory import compute_memory
from .compute_speed import compute_speed
from .reporter import report_format

__all__ = ['compute_flops', 'compute_memory', 'compute_speed', 'report_format']
