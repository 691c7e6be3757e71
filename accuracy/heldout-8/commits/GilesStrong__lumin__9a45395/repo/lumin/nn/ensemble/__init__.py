# from .ensemble import *  # noqa 403

# __all__ = [*ensemble.__all__]  # noqa F405
