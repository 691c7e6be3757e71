from .dummy_loss import DummyLoss  # noqa
from .loss import Loss  # noqa