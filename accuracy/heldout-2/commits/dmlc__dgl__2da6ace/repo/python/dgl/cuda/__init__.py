""" CUDA wrappers """
from .. import backend as F

from .gpu_cache import GPUCache

if F.get_preferred_backend() == "pytorch":
    from . import nccl
