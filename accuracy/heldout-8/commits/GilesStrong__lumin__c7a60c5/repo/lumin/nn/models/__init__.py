# from .helpers import *  # noqa F304
# from .initialisations import *  # noqa F304
# from .model_builder import *  # noqa F304
# from .model import *  # noqa F304

# __all__ = [*helpers.__all__, *initialisations.__all__, *model_builder.__all__, *model.__all__]  # noqa F405
