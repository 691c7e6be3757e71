from .mise import MISE


__all__ = [
    MISE
]
