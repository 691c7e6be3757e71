from . import traceback_supress
from .main import run, show_registry
