from .pcontext import PascalContext

__all__ = ['PascalContext']