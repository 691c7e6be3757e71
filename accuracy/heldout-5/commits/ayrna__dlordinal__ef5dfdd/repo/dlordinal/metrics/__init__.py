from .metrics import (
    gmsec,
    minimum_sensitivity,
    accuracy_off1,
    write_array_to_file,
    write_metrics_dict_to_file,
)

__all__ = [
    "gmsec",
    "minimum_sensitivity",
    "accuracy_off1",
    "write_array_to_file",
    "write_metrics_dict_to_file",
]
