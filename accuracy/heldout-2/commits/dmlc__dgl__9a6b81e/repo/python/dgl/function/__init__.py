"""DGL builtin functors"""
# pylint: disable=redefined-builtin
from __future__ import absolute_import

from .message import *
from .reducer import *
from .base import *
