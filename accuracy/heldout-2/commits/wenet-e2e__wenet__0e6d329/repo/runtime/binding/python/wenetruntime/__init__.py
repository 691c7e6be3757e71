from .decoder import Decoder  # noqa
from _wenet import wenet_set_log_level as set_log_level  # noqa
