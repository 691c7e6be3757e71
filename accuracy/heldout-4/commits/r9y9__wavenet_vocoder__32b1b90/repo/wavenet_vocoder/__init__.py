# coding: utf-8
from __future__ import with_statement, print_function, absolute_import

from .version import __version__

from .wavenet import receptive_field_size, WaveNet
