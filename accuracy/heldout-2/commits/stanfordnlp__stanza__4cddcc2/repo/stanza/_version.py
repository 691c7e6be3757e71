""" Single source of truth for version number """

__version__ = "1.5.0"
__resources_version__ = '1.5.0'
