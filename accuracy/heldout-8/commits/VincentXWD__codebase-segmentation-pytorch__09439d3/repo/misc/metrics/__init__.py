# TODO(xwd): Implement metrics in OOP.

import numpy as np

from medpy import metric
from sklearn.metrics import roc_curve, auc

from .dice_coeff import DiceCoeff
from .average_meter import AverageMeter
from .intersection_union import InterSectionAndUnion
from .voc_cityscapes_metric import VocCityscapesMetric

__all__ = [
  'AverageMeter', 'DiceCoeff', 'InterSectionAndUnion', 'VocCityscapesMetric'
]
