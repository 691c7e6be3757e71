from .global_pool import GlobalPooling

__all__ = ['GlobalPooling']
