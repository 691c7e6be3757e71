from .concat import Concat

__all__ = ['Concat']
