from .callbacks import MetricsLoggerCallback
from .config import *
from .dataset_reader import UniversalDependenciesDatasetReader, SimpleStringReader
from .logger import *
