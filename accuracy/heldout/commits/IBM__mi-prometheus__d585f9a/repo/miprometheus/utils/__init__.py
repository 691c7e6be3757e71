from .app_state import AppState
from .param_interface import ParamInterface
from .param_registry import MetaSingletonABC, ParamRegistry
from .sampler_factory import SamplerFactory
from .singleton import SingletonMetaClass
from .split_indices import split_indices
from .statistics_collector import StatisticsCollector
from .statistics_aggregator import StatisticsAggregator
from .time_plot import TimePlot
from .data_dict import DataDict

from .loss import *
from .problems_utils import *
