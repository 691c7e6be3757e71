from .initial import initial_state as initial_state
from .model import DirectionalSuperSonic as DirectionalSuperSonic
