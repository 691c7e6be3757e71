from .async_ops import *
from .initialize import *
from .param_server import *
from .sync_ops import *