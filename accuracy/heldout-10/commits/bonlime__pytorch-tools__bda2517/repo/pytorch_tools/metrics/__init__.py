from __future__ import absolute_import

from .psnr import PSNR
from .psnr import SSIM

from .accuracy import Accuracy
from .accuracy import BalancedAccuracy

from .dice_jaccard import DiceScore
from .dice_jaccard import JaccardScore
