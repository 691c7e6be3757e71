# from .callbacks import *  # noqa F304
# from .data import *  # noqa F304
# from .ensemble import *  # noqa F304
# from .interpretation import *  # noqa F304
# from .losses import *  # noqa F304
# from .metrics import *  # noqa F304
# from .models import *  # noqa F304
# from .optimisers import *  # noqa F304
# from .training import *  # noqa F304


# __all__ = [*callbacks.__all__, *data.__all__, *ensemble.__all__, *interpretation.__all__, *losses.__all__, *metrics.__all__, # noqa F405
#            *models.__all__,  *optimisers.__all__, *training.__all__]  # noqa F405