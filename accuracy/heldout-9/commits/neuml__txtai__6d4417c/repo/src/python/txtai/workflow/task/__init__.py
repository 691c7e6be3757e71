"""
Task imports
"""

from .base import Task
from .factory import TaskFactory
from .file import FileTask
from .image import ImageTask
from .service import ServiceTask
from .storage import StorageTask
from .url import UrlTask
from .workflow import WorkflowTask
