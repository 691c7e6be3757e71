from .CRF import ConditionalRandomField

__all__ = ["ConditionalRandomField"]
