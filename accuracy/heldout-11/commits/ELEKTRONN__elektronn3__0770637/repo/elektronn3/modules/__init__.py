from .layers import *
from .layer_helpers import *
from .loss import DiceLoss, LovaszLoss
