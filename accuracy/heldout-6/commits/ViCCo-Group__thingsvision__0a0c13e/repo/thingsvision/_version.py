__version__ = "2.3.16"
