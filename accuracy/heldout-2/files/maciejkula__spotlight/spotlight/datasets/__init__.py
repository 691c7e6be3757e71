"""
Datasets.
"""
