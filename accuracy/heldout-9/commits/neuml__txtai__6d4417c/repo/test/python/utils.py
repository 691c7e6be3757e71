"""
Utils module
"""


class Utils:
    """
    Utility constants and methods
    """

    PATH = "/tmp/txtai"
