from . import csv, numpy_array, parquet
from .registry import get_array_parser, register_array_parser
