# from .class_eval import *  # noqa F304
# from .eval_metric import *  # noqa F304
# from .reg_eval import *  # noqa F304

# __all__ = [*class_eval.__all__, *eval_metric.__all__, *reg_eval.__all__]  # noqa F405
