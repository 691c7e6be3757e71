from .metric_calculator import MetricCalculator
from .path_finder import PathFinder
from .token_converter import TokenConverter

