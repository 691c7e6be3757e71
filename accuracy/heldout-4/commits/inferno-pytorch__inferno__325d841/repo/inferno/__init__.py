# -*- coding: utf-8 -*-

"""Top-level package for inferno."""

from . import extensions
from . import io
from . import trainers
from . import utils

__all__ = ['extensions', 'io', 'trainers', 'utils']

__author__ = """Nasim Rahaman"""
__email__ = 'nasim.rahaman@iwr.uni-heidelberg.de'
__version__ = '0.1.7'
