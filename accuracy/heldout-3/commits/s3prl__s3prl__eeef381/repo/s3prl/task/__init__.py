from .base import Task
from .dump_feature import DumpFeature
