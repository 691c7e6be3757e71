from .reporter import OptimConfig, Reporter, ReporterConfig
from .train import RunConfig
