from .ade import ADE

__all__ = ['ADE']