from .info import is_custom_op_loaded
from .symbolic import register_extra_symbolics

__all__ = ['register_extra_symbolics', 'is_custom_op_loaded']
