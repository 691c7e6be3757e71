from .data_utils import (
    compute_class_balance,
    get_columns_all_equal,
    held_out_split,
    infer_label_column,
    undersample,
    float32_to_int16,
    int16_to_float32,
)
from .gpu_utils import select_usable_devices
from .tree_utils import pytree_map
from .typing import assert_type
