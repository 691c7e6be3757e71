__version__ = '2.9.3'
