from ignite.contrib.handlers.param_scheduler import (
    LinearCyclicalScheduler,
    CosineAnnealingScheduler,
    ConcatScheduler,
    LRScheduler,
    create_lr_scheduler_with_warmup,
    PiecewiseLinear,
    ParamGroupScheduler,
)

from ignite.contrib.handlers.custom_events import CustomPeriodicEvent

from ignite.contrib.handlers.tqdm_logger import ProgressBar
from ignite.contrib.handlers.tensorboard_logger import TensorboardLogger
from ignite.contrib.handlers.visdom_logger import VisdomLogger
from ignite.contrib.handlers.polyaxon_logger import PolyaxonLogger
from ignite.contrib.handlers.mlflow_logger import MLflowLogger
from ignite.contrib.handlers.base_logger import global_step_from_engine
from ignite.contrib.handlers.lr_finder import FastaiLRFinder
