from .combine_dataloaders import CombinedDataLoader  # noqa: F401
from .dataset import (  # noqa: F401
    CollateFn,
    Dataset,
    DatasetInfo,
    DiskDataset,
    _is_disk_dataset,
    check_datasets,
    get_all_targets,
    get_atomic_types,
    get_num_workers,
    get_stats,
    unpack_batch,
    validate_num_workers,
)
from .get_dataset import get_dataset  # noqa: F401
from .readers import read_extra_data, read_systems, read_targets  # noqa: F401
from .system_to_ase import system_to_ase  # noqa: F401
from .target_info import TargetInfo  # noqa: F401
