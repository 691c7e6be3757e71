"""Utility functions for GraphBolt."""
from .utils import *
from .sample_utils import *
from .datapipe_utils import *
from .item_sampler_utils import *
