__version__ = "2.17.5"
