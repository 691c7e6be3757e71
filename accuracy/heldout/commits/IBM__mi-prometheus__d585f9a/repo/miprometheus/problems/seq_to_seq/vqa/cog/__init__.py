from .cog import COG

__all__ = ['COG']
