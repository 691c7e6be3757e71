# from .features import *  # noqa F304
# from .hyper_param import *  # noqa F304
# from .threshold import *  # noqa F304

# __all__ = [*features.__all__, *hyper_param.__all__, *threshold.__all__]  # noqa F405
