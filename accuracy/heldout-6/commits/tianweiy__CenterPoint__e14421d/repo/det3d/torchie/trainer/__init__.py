from .checkpoint import (
    load_checkpoint,
    load_state_dict,
    save_checkpoint,
    weights_to_cpu,
)
from .hooks import (
    CheckpointHook,
    ClosureHook,
    DistSamplerSeedHook,
    Hook,
    IterTimerHook,
    LoggerHook,
    LrUpdaterHook,
    OptimizerHook,
    PaviLoggerHook,
    TensorboardLoggerHook,
    TextLoggerHook,
)
from .log_buffer import LogBuffer
from .parallel_test import parallel_test
from .priority import Priority, get_priority
from .trainer import Trainer
from .utils import (
    get_dist_info,
    get_host_info,
    get_time_str,
    master_only,
    obj_from_dict,
)

__all__ = [
    "Trainer",
    "LogBuffer",
    "Hook",
    "CheckpointHook",
    "ClosureHook",
    "LrUpdaterHook",
    "OptimizerHook",
    "IterTimerHook",
    "DistSamplerSeedHook",
    "LoggerHook",
    "TextLoggerHook",
    "PaviLoggerHook",
    "TensorboardLoggerHook",
    "load_state_dict",
    "load_checkpoint",
    "weights_to_cpu",
    "save_checkpoint",
    "parallel_test",
    "Priority",
    "get_priority",
    "get_host_info",
    "get_dist_info",
    "master_only",
    "get_time_str",
    "obj_from_dict",
]
