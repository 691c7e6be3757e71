from .initial import initial_state as initial_state
from .initial import set_initial_state as set_initial_state
from .model import AngularF16 as AngularF16
