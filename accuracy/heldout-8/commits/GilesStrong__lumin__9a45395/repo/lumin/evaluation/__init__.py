# from .ams import *  # noqa F304

# __all__ = [*ams.__all__]  # noqa F405
