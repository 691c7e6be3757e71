""" Single source of truth for version number """

__version__ = "1.11.1"
__resources_version__ = '1.11.0'
