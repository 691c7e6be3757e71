from .configs import RunExecution, Run
from .tasks import Task
from .tasks.augments import IntensityAugment, SimpleAugment
from .tasks.predictors import Affinities, OneHotLabels, LSD
from .tasks.losses import MSELoss, CrossEntropyLoss
from .tasks.post_processors import Watershed, ArgMax
from .data import (
    Dataset,
    ZarrSource,
    BossDBSource,
    RasterizeSource,
    RasterizationSetting,
    CSVSource,
    NXGraphSource,
    ArrayDataSource,
    GraphDataSource,
)
from .models import Model, UNet, VGGNet
from .optimizers import Optimizer, Adam, RAdam

__all__ = [
    RunExecution,
    Run,
    Task,
    Dataset,
    Model,
    UNet,
    Optimizer,
    Adam,
    RAdam,
    VGGNet,
    ZarrSource,
    BossDBSource,
    RasterizeSource,
    CSVSource,
    NXGraphSource,
    ArrayDataSource,
    GraphDataSource,
    Affinities,
    OneHotLabels,
    LSD,
    MSELoss,
    CrossEntropyLoss,
    Watershed,
    ArgMax,
    RasterizationSetting,
    ArgMax,
    IntensityAugment,
    SimpleAugment,
]