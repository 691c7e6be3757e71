from .engine import System

__version__ = '0.0.1'
