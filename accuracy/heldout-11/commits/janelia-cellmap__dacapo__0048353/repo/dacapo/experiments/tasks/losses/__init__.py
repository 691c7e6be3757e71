from .dummy_loss import DummyLoss  # noqa
from .mse_loss import MSELoss  # noqa
from .loss import Loss  # noqa