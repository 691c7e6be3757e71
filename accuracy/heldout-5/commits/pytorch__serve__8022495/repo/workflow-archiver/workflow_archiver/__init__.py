

"""
This module does the following:
Exports the workflow folder to generate a Workflow Archive file out of it in .war format
"""
from . import version

__version__ = version.__version__
