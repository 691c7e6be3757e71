"""
This package contains Libra graph partitioner.
"""
from .libra_partition import partition_graph
