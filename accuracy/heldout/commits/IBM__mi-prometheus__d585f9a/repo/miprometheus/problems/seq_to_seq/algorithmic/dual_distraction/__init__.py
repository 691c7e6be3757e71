from .distraction_carry import DistractionCarry
from .distraction_forget import DistractionForget
from .distraction_ignore import DistractionIgnore

__all__ = [
    'DistractionCarry',
    'DistractionForget',
    'DistractionIgnore'
    ]
