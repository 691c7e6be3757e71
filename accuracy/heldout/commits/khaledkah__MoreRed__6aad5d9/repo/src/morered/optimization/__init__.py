from . import losses, metrics
