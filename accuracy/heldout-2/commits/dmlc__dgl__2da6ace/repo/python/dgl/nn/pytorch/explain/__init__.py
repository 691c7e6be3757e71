"""Torch modules for explanation models."""
# pylint: disable= no-member, arguments-differ, invalid-name

from .gnnexplainer import *
from .subgraphx import *
from .pgexplainer import *
