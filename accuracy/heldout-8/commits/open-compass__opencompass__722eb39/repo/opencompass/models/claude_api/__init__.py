from .claude_api import Claude

__all__ = ['Claude']
