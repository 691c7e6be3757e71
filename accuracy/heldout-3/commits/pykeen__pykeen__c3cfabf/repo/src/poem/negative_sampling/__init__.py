# -*- coding: utf-8 -*-

"""Negative sampling."""

from .base import NegativeSampler
from .basic_negative_sampler import BasicNegativeSampler

__all__ = [
    'NegativeSampler',
    'BasicNegativeSampler',
]
