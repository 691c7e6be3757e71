"""
This package contains extra routines related to Libra graph partitioner.
"""
from .tools import load_proteins
