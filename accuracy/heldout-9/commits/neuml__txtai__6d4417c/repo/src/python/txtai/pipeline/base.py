"""
Pipeline module
"""


class Pipeline:
    """
    Base class for all Pipelines. The only interface requirement is to define a __call___ method.
    """
