from .nadam import Nadam
from .rmsprop_tf import RMSpropTF
from .optim_factory import create_optimizer
