"""Package for DGL scheduler and runtime."""
from __future__ import absolute_import

from . import scheduler
from .runtime import Runtime
from .adapter import GraphAdapter
