from .dual import DualNetBounds, robust_loss, robust_loss_parallel
# from .affine import Affine, AffineTranspose
from .l1 import epsilon_from_model

from .dense import DenseSequential, Dense