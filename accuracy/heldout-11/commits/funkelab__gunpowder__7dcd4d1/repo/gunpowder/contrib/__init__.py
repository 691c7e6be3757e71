from __future__ import absolute_import

from .nodes import *
