from __future__ import absolute_import

from .nodes import *
from .local_server import LocalServer
