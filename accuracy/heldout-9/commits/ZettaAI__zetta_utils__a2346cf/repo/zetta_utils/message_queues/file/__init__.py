from . import queue
from .queue import FileQueue
