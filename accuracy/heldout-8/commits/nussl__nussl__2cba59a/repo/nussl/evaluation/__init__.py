#!/usr/bin/env python
# -*- coding: utf-8 -*-

"""
init file for evaluation classes.

"""

from .evaluation_base import EvaluationBase
from .precision_recall_fscore import PrecisionRecallFScore
from .bss_eval_base import BSSEvalBase
from .bss_eval_sources import BSSEvalSources
from .bss_eval_images import BSSEvalImages
from .bss_eval_v4 import BSSEvalV4

from .run_and_eval import *

__all__ = ['EvaluationBase', 'PrecisionRecallFScore',
           'BSSEvalBase', 'BSSEvalSources', 'BSSEvalImages', 'BSSEvalV4',
           'run_and_evaluate', 'run_and_eval_prf']