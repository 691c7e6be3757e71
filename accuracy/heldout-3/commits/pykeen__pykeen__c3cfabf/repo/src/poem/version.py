# -*- coding: utf-8 -*-

"""Version information for POEM."""

__all__ = [
    'VERSION',
    'get_version',
]

VERSION = '0.0.1'


def get_version() -> str:
    """Get the software version of POEM."""
    return VERSION
