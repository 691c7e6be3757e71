__version__ = 'v0.1.6'
