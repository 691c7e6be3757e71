from .architectures import ArchitectureTests
from .autograd import AutogradTests
from .checkpoints import CheckpointTests
from .exported import ExportedTests
from .input import InputTests
from .output import OutputTests
from .torchscript import TorchscriptTests
from .training import TrainingTests


__all__ = [
    "ArchitectureTests",
    "AutogradTests",
    "CheckpointTests",
    "ExportedTests",
    "InputTests",
    "OutputTests",
    "TorchscriptTests",
    "TrainingTests",
]
