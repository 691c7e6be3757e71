from .config import * # noqa
from .model import * # noqa
from .trainer import * # noqa
