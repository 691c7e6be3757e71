# from .file_proc import *  # noqa F304
# from .hep_proc import *  # noqa F304
# from .pre_proc import *  # noqa F304

# __all__ = [*file_proc.__all__, *hep_proc.__all__, *pre_proc.__all__]  # noqa F405
