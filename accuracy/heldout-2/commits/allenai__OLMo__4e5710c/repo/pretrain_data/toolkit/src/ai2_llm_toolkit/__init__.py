from .api import Dataset, Example

__all__ = ["Dataset", "Example"]
