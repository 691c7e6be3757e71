from .affine import AffineChannel2d
from .normalization import GroupNorm
from .upsample import BilinearInterpolation2d
