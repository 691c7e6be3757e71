from .preprocessing import (
    build_eagle3_dataset,
    build_offline_eagle3_dataset,
    generate_vocab_mapping_file,
)
from .utils import prepare_dp_dataloaders

__all__ = [
    "build_eagle3_dataset",
    "build_offline_eagle3_dataset",
    "generate_vocab_mapping_file",
    "prepare_dp_dataloaders",
]
