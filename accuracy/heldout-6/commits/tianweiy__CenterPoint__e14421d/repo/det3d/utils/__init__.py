from .flops_counter import get_model_complexity_info
from .registry import Registry, build_from_cfg

__all__ = ["Registry", "build_from_cfg", "get_model_complexity_info"]
