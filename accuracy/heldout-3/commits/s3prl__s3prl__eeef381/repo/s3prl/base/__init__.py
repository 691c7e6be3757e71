from .cache import cache, set_use_cache
from .container import Container, field, newdict
from .logdata import LogData, LogDataType, Logs
from .module import Module
from .object import Object
from .output import Output
from .workspace import Workspace
