from .initial import initial_state as initial_state
from .model import LongitudinalSuperSonic as LongitudinalSuperSonic
