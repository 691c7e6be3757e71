# -*- coding: utf-8 -*-

"""POEM."""

from .version import get_version
