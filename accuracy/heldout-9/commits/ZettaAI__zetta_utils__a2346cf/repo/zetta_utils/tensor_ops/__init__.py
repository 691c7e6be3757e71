from .common import (
    InterpolationMode,
    compare,
    crop,
    crop_center,
    interpolate,
    squeeze,
    unsqueeze,
    unsqueeze_to,
    pad_center_to,
)
from .convert import astype, to_np, to_torch
from .label import get_disp_pair, seg_to_aff, seg_to_rgb
from .mask import filter_cc  # , coarsen

# Circular import otherwise
from . import generators, traceback_supress

from . import common, convert, label, mask, multitensor, normalization
