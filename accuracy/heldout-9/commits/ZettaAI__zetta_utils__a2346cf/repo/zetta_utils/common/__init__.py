from . import partial
from .partial import ComparablePartial

from . import ctx_managers
from .ctx_managers import set_env_ctx_mngr

from . import user_input
from .user_input import get_user_input, get_user_confirmation
from .misc import get_unique_id
from .path import abspath, is_local
from .pprint import lrpad
from .signal_handlers import custom_signal_handler_ctx
from .timer import RepeatTimer
