# -*- coding: utf-8 -*-

"""Evaluators."""

from .base import Evaluator
from .rank_based_evaluator import RankBasedEvaluator

__all__ = [
    'Evaluator',
    'RankBasedEvaluator',
]
