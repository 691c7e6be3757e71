from .decorators import auto_fp16, force_fp32
from .hooks import Fp16OptimizerHook, wrap_fp16_model

__all__ = ["auto_fp16", "force_fp32", "Fp16OptimizerHook", "wrap_fp16_model"]
