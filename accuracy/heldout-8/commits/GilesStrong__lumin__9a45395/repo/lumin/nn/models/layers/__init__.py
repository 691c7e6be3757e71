# from .activations import *  # noqa F304

# __all__ = [*activations.__all__]  # noqa F405
