__version__ = '0.2.7.dev'
