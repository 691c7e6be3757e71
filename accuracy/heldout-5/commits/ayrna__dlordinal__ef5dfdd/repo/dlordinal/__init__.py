__all__ = []
__version__ = "1.0.1"
