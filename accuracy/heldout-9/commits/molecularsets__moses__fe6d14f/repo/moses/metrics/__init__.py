from .metrics import * # noqa
from .utils import * # noqa
