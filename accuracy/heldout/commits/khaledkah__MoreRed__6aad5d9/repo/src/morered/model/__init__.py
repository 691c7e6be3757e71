from . import heads
