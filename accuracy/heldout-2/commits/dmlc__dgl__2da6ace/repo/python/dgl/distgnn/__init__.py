"""
This package contains DistGNN and Libra based graph partitioning tools.
"""
from . import partition, tools
