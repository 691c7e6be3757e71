from .collate import collate, collate_kitti
from .data_container import DataContainer
from .data_parallel import MegDataParallel
from .distributed import MegDistributedDataParallel
from .scatter_gather import scatter, scatter_kwargs

__all__ = [
    "collate",
    "collate_kitti",
    "DataContainer",
    "MegDataParallel",
    "MegDistributedDataParallel",
    "scatter",
    "scatter_kwargs",
]
