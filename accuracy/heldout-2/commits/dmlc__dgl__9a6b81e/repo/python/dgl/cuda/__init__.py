""" CUDA wrappers """
from . import nccl
