"""
Workflow imports
"""

from .base import Workflow
from .factory import WorkflowFactory
from .task import *
