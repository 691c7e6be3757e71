from .checkpoint import CheckpointHook
from .closure import ClosureHook
from .hook import Hook
from .iter_timer import IterTimerHook
from .logger import LoggerHook, PaviLoggerHook, TensorboardLoggerHook, TextLoggerHook
from .lr_updater import LrUpdaterHook
from .memory import EmptyCacheHook
from .optimizer import OptimizerHook
from .sampler_seed import DistSamplerSeedHook

__all__ = [
    "Hook",
    "CheckpointHook",
    "ClosureHook",
    "LrUpdaterHook",
    "OptimizerHook",
    "IterTimerHook",
    "DistSamplerSeedHook",
    "EmptyCacheHook",
    "LoggerHook",
    "TextLoggerHook",
    "PaviLoggerHook",
    "TensorboardLoggerHook",
]
