# from .cyclic_callbacks import *  # noqa F304
# from .data_callbacks import *  # noqa F304
# from .loss_callbacks import *  # noqa F304
# from .model_callbacks import *  # noqa F304
# from .opt_callbacks import *  # noqa F304

# __all__ = [*cyclic_callbacks.__all__, *data_callbacks.__all__, *loss_callbacks.__all__, *model_callbacks.__all__, *opt_callbacks.__all__]  # noqa F405
