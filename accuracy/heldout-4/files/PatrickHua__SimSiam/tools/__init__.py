from .average_meter import AverageMeter
from .accuracy import accuracy
from .knn_monitor import knn_monitor
from .logger import Logger
from .file_exist_fn import file_exist_check