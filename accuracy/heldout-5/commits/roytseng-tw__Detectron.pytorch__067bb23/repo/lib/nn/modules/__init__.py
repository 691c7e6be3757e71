from .affine import AffineChannel2d
from .upsample import BilinearInterpolation2d
