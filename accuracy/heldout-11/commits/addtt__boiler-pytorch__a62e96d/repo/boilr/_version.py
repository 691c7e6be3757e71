__all__ = ["__version__", "__version_info__"]

__version__ = "0.7.2"
__version_info__ = tuple(int(x) for x in __version__.split("."))
